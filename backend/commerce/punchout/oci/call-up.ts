/**
 * The OCI call-up: the request by which a buyer's SAP system (SRM, S/4HANA, or any OCI-speaking procurement system)
 * opens the catalog, read into one typed shape.
 *
 * SAP OCI 4.0 outbound section: "the standard catalog call method is HTTP POST" (GET can be switched on in the
 * buyer's Customizing), so the query string and the form body are merged, the form winning when both name a field.
 * Field names are matched without regard to case (`~OkCode` and `~okcode`, `USERNAME` and `username` both occur in
 * the wild). The fixed fields become typed members; every other field is kept in `extra` for logging (passwords
 * never), not refused.
 *
 * Bounds (the call-up is unauthenticated input): at most 100 fields, names of at most 100 characters, values of at
 * most 4,000 characters, HOOK_URL at most 2,048 characters (the URL length browsers and SAP's ITS reliably carry).
 */
import type { OciSettings } from '../punchout-line.ts';
import { PunchOutInputError } from '../errors.ts';

/** Most fields a call-up may carry (query and form together). */
export const OCI_CALL_UP_MAX_FIELDS = 100;
/** Longest field name of a call-up, in characters. */
export const OCI_CALL_UP_MAX_NAME_LENGTH = 100;
/** Longest field value of a call-up, in characters. */
export const OCI_CALL_UP_MAX_VALUE_LENGTH = 4_000;
/** Longest HOOK_URL, in characters. */
export const OCI_HOOK_URL_MAX_LENGTH = 2_048;

/** A call-up read into its fields; a member is undefined when the call-up does not carry the field. */
export interface OciCallUp {
  /** `USERNAME`: catalog login. */
  username: string | undefined;
  /** `PASSWORD`: catalog password (never log it). */
  password: string | undefined;
  /** `HOOK_URL`: the return address, decoded once by the request parsing; check it with `checkReturnUrl`. */
  hookUrl: string | undefined;
  /** `~OkCode`: `ADDI` from ITS-based SAP systems. */
  okCode: string | undefined;
  /** `~TARGET`: the frame to return into. */
  target: string | undefined;
  /** `~CALLER`: `CTLG` from ITS-based SAP systems. */
  caller: string | undefined;
  /** `returntarget` (OCI 4.0): the return form's target as is, preferred to `~TARGET`. */
  returnTarget: string | undefined;
  /** `http_content_charset`: the charset of the return page as the buyer named it (see `ociResponseCharset`). */
  charset: string | undefined;
  /** `OCI_VERSION`, e.g. `4.0` or `5.0` (informational). */
  ociVersion: string | undefined;
  /** `OPI_VERSION`, e.g. `1.0` (informational). */
  opiVersion: string | undefined;
  /** `FUNCTION`, trimmed and upper-cased (`DETAIL`, `VALIDATE`, `SOURCING`, `BACKGROUND_SEARCH`); see `ociFunctionKind`. */
  function: string | undefined;
  /** `PRODUCTID`: an `EXT_PRODUCT_ID` sent earlier (DETAIL, VALIDATE). */
  productId: string | undefined;
  /** `QUANTITY` as sent (VALIDATE); see `ociValidateQuantity`. */
  quantity: string | undefined;
  /** `SEARCHSTRING` (SOURCING, BACKGROUND_SEARCH). */
  searchString: string | undefined;
  /** `VENDOR`: the buyer's vendor number of the shop. */
  vendor: string | undefined;
  /** Every other field as sent (name as spelled, value), in order; no field whose name suggests a secret. */
  extra: [string, string][];
}

type TypedMember = Exclude<keyof OciCallUp, 'extra'>;

/** Lower-cased field name -> typed member. */
const MEMBERS: ReadonlyMap<string, TypedMember> = new Map<string, TypedMember>([
  ['username', 'username'],
  ['password', 'password'],
  ['hook_url', 'hookUrl'],
  ['~okcode', 'okCode'],
  ['~target', 'target'],
  ['~caller', 'caller'],
  ['returntarget', 'returnTarget'],
  ['http_content_charset', 'charset'],
  ['oci_version', 'ociVersion'],
  ['opi_version', 'opiVersion'],
  ['function', 'function'],
  ['productid', 'productId'],
  ['quantity', 'quantity'],
  ['searchstring', 'searchString'],
  ['vendor', 'vendor'],
]);

/** Names of extra fields that are never kept: they look like secrets (`SAP_PASSWORD`, `pwd`, `client_secret`). */
const SECRET_NAME = /passw|pwd|secret/i;

/**
 * Reads an OCI call-up from the query string (`query`) and, for a POST, the form body (`form`).
 *
 * Both are merged with names compared case-insensitively; the form wins when both carry a field, and within one of
 * them the first occurrence of a name counts. Values are kept as the request parsing decoded them (no second
 * decoding, no trimming), except `FUNCTION`, which is trimmed and upper-cased. Unknown fields land in `extra` with
 * their name as spelled, unless the name suggests a secret (`passw`, `pwd`, `secret`): those are dropped.
 *
 * @throws PunchOutInputError `too-many-fields` (more than 100 fields in query and form together),
 *   `field-name-too-long` (a name over 100 characters), `field-value-too-long` (a value over 4,000 characters),
 *   `hook-url-too-long` (HOOK_URL over 2,048 characters). Messages name the field, never a value.
 */
export function parseOciCallUp(query: URLSearchParams, form?: URLSearchParams): OciCallUp {
  const sources = form ? [query, form] : [query];
  let count = 0;
  for (const source of sources) {
    for (const [name, value] of source) {
      count += 1;
      if (count > OCI_CALL_UP_MAX_FIELDS) {
        throw new PunchOutInputError(
          'too-many-fields',
          `The call-up carries more than ${OCI_CALL_UP_MAX_FIELDS} fields.`,
        );
      }
      checkField(name, value);
    }
  }

  // Lower-cased name -> [name as spelled, value]; the form is read last, so it wins.
  const merged = new Map<string, [string, string]>();
  for (const source of sources) {
    const seen = new Set<string>();
    for (const [name, value] of source) {
      const key = name.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      merged.set(key, [name, value]);
    }
  }

  const callUp: OciCallUp = {
    username: undefined,
    password: undefined,
    hookUrl: undefined,
    okCode: undefined,
    target: undefined,
    caller: undefined,
    returnTarget: undefined,
    charset: undefined,
    ociVersion: undefined,
    opiVersion: undefined,
    function: undefined,
    productId: undefined,
    quantity: undefined,
    searchString: undefined,
    vendor: undefined,
    extra: [],
  };
  for (const [key, [name, value]] of merged) {
    const member = MEMBERS.get(key);
    if (member === 'function') callUp.function = value.trim().toUpperCase();
    else if (member) callUp[member] = value;
    else if (!SECRET_NAME.test(name)) callUp.extra.push([name, value]);
  }
  return callUp;
}

function checkField(name: string, value: string): void {
  if (name.length > OCI_CALL_UP_MAX_NAME_LENGTH) {
    throw new PunchOutInputError(
      'field-name-too-long',
      `A call-up field name is longer than ${OCI_CALL_UP_MAX_NAME_LENGTH} characters (${JSON.stringify(name.slice(0, 40))}…).`,
    );
  }
  if (name.toLowerCase() === 'hook_url' && value.length > OCI_HOOK_URL_MAX_LENGTH) {
    throw new PunchOutInputError(
      'hook-url-too-long',
      `The call-up field ${name} is longer than ${OCI_HOOK_URL_MAX_LENGTH} characters.`,
    );
  }
  if (value.length > OCI_CALL_UP_MAX_VALUE_LENGTH) {
    throw new PunchOutInputError(
      'field-value-too-long',
      `The call-up field ${JSON.stringify(name)} is longer than ${OCI_CALL_UP_MAX_VALUE_LENGTH} characters.`,
    );
  }
}

/**
 * The `target` of the return form: `returntarget` (OCI 4.0, taken as is), else `~TARGET`, else the company's
 * configured target, else `_top` (SAP OCI 4.0 outbound section: "if not set, the catalog application must provide a
 * default target of _top"). Blank values count as not set.
 */
export function ociFormTarget(callUp: OciCallUp, settings: Pick<OciSettings, 'target'>): string {
  for (const candidate of [callUp.returnTarget, callUp.target, settings.target]) {
    if (candidate !== undefined && candidate !== null && candidate.trim() !== '') return candidate.trim();
  }
  return '_top';
}

/** WHATWG Encoding Standard labels of UTF-8. */
const UTF8_LABELS = new Set([
  'unicode-1-1-utf-8',
  'unicode11utf8',
  'unicode20utf8',
  'utf-8',
  'utf8',
  'x-unicode20utf8',
]);
/** WHATWG Encoding Standard labels of windows-1252, the encoding browsers use for ISO-8859-1 and US-ASCII. */
const LATIN1_LABELS = new Set([
  'ansi_x3.4-1968',
  'ascii',
  'cp1252',
  'cp819',
  'csisolatin1',
  'ibm819',
  'iso-8859-1',
  'iso-ir-100',
  'iso8859-1',
  'iso88591',
  'iso_8859-1',
  'iso_8859-1:1987',
  'l1',
  'latin1',
  'us-ascii',
  'windows-1252',
  'x-cp1252',
]);

/**
 * The charset of the return page: the call-up's `http_content_charset` when it names UTF-8 or ISO-8859-1 by any
 * label of the WHATWG Encoding Standard (case and surrounding whitespace ignored: `utf-8`, `UTF8`, `iso-8859-1`,
 * `latin1`, `windows-1252`, `us-ascii`, …), else the company's configured charset (ISO-8859-1 unless configured:
 * the OCI default, SAP OCI 4.0 outbound section).
 */
export function ociResponseCharset(
  callUp: Pick<OciCallUp, 'charset'>,
  settings: Pick<OciSettings, 'charset'>,
): 'UTF-8' | 'ISO-8859-1' {
  const label = callUp.charset?.trim().toLowerCase();
  if (label !== undefined && UTF8_LABELS.has(label)) return 'UTF-8';
  if (label !== undefined && LATIN1_LABELS.has(label)) return 'ISO-8859-1';
  return settings.charset;
}
