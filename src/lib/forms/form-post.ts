/**
 * Forms that work before their island hydrates, or without JavaScript (docs/decisions/012, addendum "Forms post"):
 * every form that carries a password or personal data posts (`method="post"`, the form kit's `Form`) to a storefront
 * endpoint below `/{prefix}/auth/form/{action}` (src/pages/auth/form/[action].ts; paths in form-actions.ts). A form's default method is GET,
 * which would put every field into the URL, the history, server logs and the Referer (HTML Living Standard, "Form
 * submission"; OWASP ASVS 5.0 V14.2.1: sensitive data only in the body or headers).
 *
 * The endpoint answers Post/Redirect/Get: a 303 to the next page on success, or back to the form's page with
 * `?error={CODE}` (a Store API error code, never a field value), which `formErrorMessage` turns into the translated
 * message the page shows. Login, password recovery and setting a password really work this way; the larger forms
 * (registration, the account area) post to `script-required`, which refuses with a redirect and the message that the
 * form needs JavaScript.
 *
 * The Store API call goes through the same-origin proxy (`proxyStoreApi`), so the context cookie is rotated and the
 * logged-in marker set exactly as for the island's own call. The middleware's origin check applies: a post from the
 * shop's own pages passes (`Sec-Fetch-Site: same-origin`), a cross-site one is refused (src/lib/origin-check.ts).
 */
import type { APIContext } from 'astro';
import { FALLBACK_LOCALE, MESSAGES, type MessageKey } from '../../i18n/locales.ts';
import { proxyStoreApi, readBodyWithin } from '../store-api/proxy.ts';

export { FORM_POST_ACTIONS, INVALID_FORM_CODE, SCRIPT_REQUIRED_CODE, type FormPostAction } from './form-actions.ts';

/**
 * Largest form body read, in bytes: the password-set form carries a new password twice, each up to
 * PASSWORD_MAX_LENGTH (4,096) characters, and a character is at most 4 bytes of UTF-8, each percent-encoded as 3
 * (2 × 4,096 × 12 = 96 KiB), plus the mail link's hash. Every field reaches the Store API whole, which checks its length.
 */
export const MAX_FORM_BODY_BYTES = 128 * 1024;

/**
 * The fields of an `application/x-www-form-urlencoded` body of at most MAX_FORM_BODY_BYTES, or null for anything
 * else (another content type, a larger body, a body stream that failed). Reads nothing beyond the limit.
 */
export async function readFormPost(request: Request): Promise<URLSearchParams | null> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    await request.body?.cancel().catch(() => undefined);
    return null;
  }
  const body = await readBodyWithin(request, MAX_FORM_BODY_BYTES);
  return body && body !== 'unreadable' ? new URLSearchParams(new TextDecoder().decode(body)) : null;
}

/** What a Store API call made for a form answered: its status and the codes (and meta) of its error items. */
export interface FormCallOutcome {
  ok: boolean;
  status: number;
  errors: { code: string; meta?: { parameters?: Record<string, unknown> } }[];
}

/**
 * Calls the Store API `path` (below `/store-api/`) with a JSON `body` for a posted form, through the same-origin
 * proxy as an island's fetch would go: the visitor's context cookie is sent, a new context token rotates it, a
 * login sets the logged-in marker, and the browser's address is passed on for the rate limits.
 */
export async function callStoreApiForForm(
  ctx: Pick<APIContext, 'request' | 'url' | 'cookies' | 'locals' | 'clientAddress'>,
  path: string,
  body: Record<string, unknown>,
): Promise<FormCallOutcome> {
  const url = new URL(`/store-api/${path}`, ctx.url);
  const headers = new Headers(ctx.request.headers);
  for (const name of ['content-length', 'content-type', 'transfer-encoding']) headers.delete(name);
  headers.set('content-type', 'application/json');
  headers.set('accept', 'application/json');
  const request = new Request(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const response = await proxyStoreApi({
    path,
    request,
    url,
    cookies: ctx.cookies,
    languageId: ctx.locals.domain.languageId,
    publicUrl: ctx.locals.domain.url,
    clientAddress: ctx.clientAddress,
  });
  const ok = response.status >= 200 && response.status < 300;
  let errors: FormCallOutcome['errors'] = [];
  if (!ok) {
    try {
      const json = (await response.json()) as { errors?: FormCallOutcome['errors'] };
      errors = Array.isArray(json.errors) ? json.errors.filter((e) => typeof e?.code === 'string') : [];
    } catch {
      errors = [];
    }
  } else {
    await response.body?.cancel().catch(() => undefined);
  }
  return { ok, status: response.status, errors };
}

/** The shape an error code may have in a URL: Store API codes only (letters, digits, `_`, `:`). */
const CODE_PATTERN = /^[A-Za-z0-9_:]{1,100}$/;

/** The code to put into `?error=`: the first error's code, else `UNKNOWN_ERROR`. */
export function formErrorCode(outcome: FormCallOutcome): string {
  const code = outcome.errors[0]?.code ?? '';
  return CODE_PATTERN.test(code) ? code : 'UNKNOWN_ERROR';
}

/**
 * The message key of an `?error=` code: `errors.{CODE}`, else `errors.{CODE without its provider prefix}` (the
 * provider's own codes, `WERKBANK__CUSTOMER_IS_INACTIVE` → `errors.CUSTOMER_IS_INACTIVE`, as the island's resolver
 * src/lib/store-api/error-messages.ts reads them), else `errors.UNKNOWN_ERROR`; null without a code.
 */
export function formErrorMessageKey(code: string | null): MessageKey | null {
  if (!code) return null;
  if (!CODE_PATTERN.test(code)) return 'errors.UNKNOWN_ERROR';
  const candidates = [`errors.${code}`, `errors.${code.replace(/^[A-Za-z0-9]+__/, '')}`];
  const known = (key: string): key is MessageKey => Object.hasOwn(MESSAGES[FALLBACK_LOCALE], key);
  return candidates.find(known) ?? 'errors.UNKNOWN_ERROR';
}

/** `path` (with its own query) with `?error=code` set. */
export function withError(path: string, code: string): string {
  const url = new URL(path, 'http://x');
  url.searchParams.set('error', code);
  return `${url.pathname}${url.search}`;
}
