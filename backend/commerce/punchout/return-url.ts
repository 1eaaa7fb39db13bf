/**
 * The return address of a punch-out session (SAP OCI `HOOK_URL`, cXML `BrowserFormPost/URL`) checked against the
 * origins a buyer company is allowed to receive carts at.
 *
 * The return address arrives from the buyer's browser and ends up as the `action` of a form full of prices that the
 * browser posts on its own: whoever can log in could otherwise ship a cart anywhere, or run script through a
 * `javascript:` action. So only `https://` origins named in the company's configuration are accepted (plain `http://`
 * only for the loopback hosts of a local test system), plus, for OCI only and only when the company lists it, the
 * pseudo-URL `SAPEVENT:POST` by which the HTML control of the SAP GUI receives the cart.
 *
 * Sources: SAP OCI 4.0 outbound section (`HOOK_URL`: "the catalog application is responsible for decoding"; the
 * return form's `action` is HOOK_URL without its query, whose parameters become hidden fields), cXML Reference Guide
 * 1.2.051 §5.2 (BrowserFormPost), WHATWG URL Standard (origin, host parsing).
 */

/** The allowlist entry that admits the SAP GUI pseudo-URL `SAPEVENT:POST` (OCI only). */
export const SAP_EVENT_ENTRY = 'SAPEVENT:';

/** The return address `SAPEVENT:POST` of the SAP GUI's HTML control (SAP OCI 4.0 outbound section, HOOK_URL). */
const SAP_EVENT_POST = /^SAPEVENT:POST$/i;

/** Hosts a plain `http://` origin may name: the machine itself (a local buyer or test system). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Whitespace and control characters inside a URL, which a browser would silently drop or reject. */
// eslint-disable-next-line no-control-regex
const INNER_SPACE_OR_CONTROL = /[\u0000-\u0020\u007f-\u009f]/;

/**
 * One entry of a company's allowed return origins, checked and normalised.
 *
 * Accepts `https://host[:port]` (a trailing `/` is allowed), `http://host[:port]` only for 127.0.0.1, [::1] and
 * localhost, and, when `options.allowSapEvent` (OCI), the literal `SAPEVENT:` (case ignored). Returns the WHATWG
 * origin (`https://srm.example.com`, lower-case host, default port dropped, international names in punycode) or
 * `SAPEVENT:`.
 *
 * @throws Error naming the entry when it is anything else: no URL, another scheme, a path, query, fragment, user
 *   name or password, a wildcard host, plain http to another host, or `SAPEVENT:` where it is not allowed.
 */
export function parseAllowedOrigin(entry: string, options: { allowSapEvent?: boolean } = {}): string {
  const text = entry.trim();
  if (text.toUpperCase() === SAP_EVENT_ENTRY) {
    if (options.allowSapEvent) return SAP_EVENT_ENTRY;
    throw new Error(`Allowed origin "${entry}": SAPEVENT: is a SAP GUI address of OCI only, not allowed here.`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`Allowed origin "${entry}" is not an absolute URL; write it as https://host or https://host:port.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`Allowed origin "${entry}": only https:// origins are allowed (http:// only for the local host).`);
  }
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    throw new Error(
      `Allowed origin "${entry}": plain http:// is allowed only for 127.0.0.1, [::1] and localhost; use https://.`,
    );
  }
  if (url.username || url.password) {
    throw new Error(`Allowed origin "${entry}" must not carry a user name or password.`);
  }
  if (url.hostname.includes('*')) {
    throw new Error(`Allowed origin "${entry}": wildcards are not supported; list every host.`);
  }
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || /[?#]/.test(text)) {
    throw new Error(`Allowed origin "${entry}" must be an origin only (scheme, host, port), without a path or query.`);
  }
  return url.origin;
}

/** Why a return address was refused. */
export type ReturnUrlRefusal = 'missing' | 'malformed' | 'scheme' | 'origin';

/** An accepted return address, split for the return form. */
export interface AcceptedReturnUrl {
  ok: true;
  /** The address as received, only trimmed: what the session keeps unchanged. */
  url: string;
  /** The form's `action`: the address without query and fragment (WHATWG serialisation of origin and path). */
  action: string;
  /** The address's query parameters, percent- and `+`-decoded, in their order: the form's leading hidden fields. */
  hidden: [string, string][];
}

/** Result of `checkReturnUrl`. */
export type ReturnUrlCheck = AcceptedReturnUrl | { ok: false; reason: ReturnUrlRefusal };

/**
 * Checks a return address (OCI HOOK_URL, cXML BrowserFormPost/URL) against a company's allowed origins.
 *
 * `value` is the address as the request carried it after the one decoding of the form or query string
 * (URLSearchParams, or the XML parser); it is never decoded again, only trimmed of surrounding whitespace (cXML
 * URLs arrive wrapped in newlines). `allowedOrigins` are entries as `parseAllowedOrigin` accepts them (entries it
 * refuses are skipped, so one bad entry does not open anything).
 *
 * Refusals: `missing` (absent or blank), `malformed` (not an absolute URL, whitespace or control characters inside,
 * a user name or password), `scheme` (anything but https/http, e.g. `javascript:`, `data:`, `file:`; `SAPEVENT:POST`
 * unless `options.allowSapEvent` and the list holds `SAPEVENT:`), `origin` (http(s) to an origin not in the list,
 * comparing WHATWG origins: scheme, host and port).
 *
 * Accepted: `action` is the address without query and fragment, `hidden` its query parameters decoded (SAP OCI 4.0:
 * "query parameters … are extracted into hidden fields"; a browser would drop the query of a POST form's action
 * anyway). `SAPEVENT:POST` is its own action with no hidden fields.
 */
export function checkReturnUrl(
  value: string | undefined,
  allowedOrigins: readonly string[],
  options: { allowSapEvent?: boolean } = {},
): ReturnUrlCheck {
  const text = value?.trim() ?? '';
  if (text === '') return { ok: false, reason: 'missing' };
  if (INNER_SPACE_OR_CONTROL.test(text)) return { ok: false, reason: 'malformed' };
  const allowed = normalisedOrigins(allowedOrigins, options.allowSapEvent === true);
  if (SAP_EVENT_POST.test(text)) {
    return allowed.has(SAP_EVENT_ENTRY) ? { ok: true, url: text, action: text, hidden: [] } : refused('scheme');
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refused('malformed');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refused('scheme');
  if (url.username || url.password) return refused('malformed');
  if (!allowed.has(url.origin)) return refused('origin');
  return { ok: true, url: text, action: url.origin + url.pathname, hidden: [...url.searchParams] };
}

function refused(reason: ReturnUrlRefusal): ReturnUrlCheck {
  return { ok: false, reason };
}

/** The allowed origins normalised; entries `parseAllowedOrigin` refuses are left out. */
function normalisedOrigins(entries: readonly string[], allowSapEvent: boolean): Set<string> {
  const origins = new Set<string>();
  for (const entry of entries) {
    try {
      origins.add(parseAllowedOrigin(entry, { allowSapEvent }));
    } catch {
      // A refused entry admits nothing.
    }
  }
  return origins;
}
