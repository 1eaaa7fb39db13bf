/**
 * What both sides write of cXML (cXML Reference Guide 1.2.051): the envelope's timestamp and payloadID, and a Response
 * holding only a Status. The shop's Store API answers setup and order requests with them
 * (backend/commerce/punchout/cxml/documents.ts); the storefront answers with a Status itself where the Store API
 * cannot (a body over the limit, a method other than POST, the Store API out of reach), and its procurement simulator
 * writes buyer-side requests with the same envelope values.
 */
import { tzOffset } from '@date-fns/tz';

/** The cXML version named in the DOCTYPE of the shop's documents when none is configured. */
export const DEFAULT_CXML_VERSION = '1.2.071';

/** The XML declaration every document starts with (nothing may stand before it, §3.1.3). */
export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** The `text` attribute of a Status element for each code the shop sends (§3.1.9.1; 405 is HTTP's, for methods). */
export const CXML_STATUS_TEXT = {
  200: 'OK',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  412: 'Precondition Failed',
  450: 'Not Implemented',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
} as const;

/** A Status code the shop sends. */
export type CxmlStatusCode = keyof typeof CXML_STATUS_TEXT;

/**
 * A cXML timestamp: local time in `timeZone` with its numeric offset, `YYYY-MM-DDThh:mm:ss+hh:mm` (§3.1.6.2: ISO 8601,
 * "The 'Z' time zone designator is not allowed"; UTC is written `+00:00`).
 *
 * @throws RangeError for an unknown time zone or an invalid date.
 */
export function cxmlTimestamp(date: Date, timeZone = 'Europe/Brussels'): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('cxmlTimestamp needs a valid date.');
  const offset = Math.round(tzOffset(timeZone, date));
  if (!Number.isFinite(offset)) throw new RangeError(`Unknown time zone "${timeZone}".`);
  const local = new Date(Math.floor(date.getTime() / 1000) * 1000 + offset * 60_000);
  const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/**
 * A payloadID unique in space and time, in the form §3.1.6 recommends (`datetime.process id.random number@hostname`):
 * `<epoch ms>.<pid>.<16 random hex digits>@<hostname>`.
 */
export function newPayloadId(hostname: string, date: Date = new Date()): string {
  const random = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(8)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  const pid = typeof process === 'undefined' ? 0 : process.pid;
  return `${date.getTime()}.${pid}.${random}@${hostname}`;
}

/** Text and attribute values escaped once for XML; characters XML 1.0 does not allow are left out. */
export function escapeXml(value: string): string {
  return value
    .replace(/[^\t\n\r\u{20}-\u{D7FF}\u{E000}-\u{FFFD}\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\r/g, '&#13;');
}

/** What a Status document is written from. */
export interface CxmlStatusInput {
  code: CxmlStatusCode;
  /** The Status `text` attribute; default the code's standard text. */
  text?: string;
  /** Explanation in the Status element's content (English), omitted when empty; never a secret or a stack trace. */
  detail?: string | undefined;
  /** Host name in the generated payloadID. */
  hostname: string;
  /** Creation time; default now. */
  now?: Date;
  /** IANA time zone of the timestamp; default Europe/Brussels. */
  timeZone?: string;
  /** payloadID; default a new one. */
  payloadId?: string;
  /** cXML version of the DOCTYPE; default DEFAULT_CXML_VERSION. */
  dtdVersion?: string;
}

/**
 * A cXML Response with only a Status (§3.1.9): the answer to a refused request and the acknowledgement of an
 * OrderRequest (`200 OK`, §7.3). Starts with the XML declaration and the DOCTYPE (§3.1.3), valid against cXML.dtd.
 */
export function cxmlStatusDocument(input: CxmlStatusInput): string {
  const now = input.now ?? new Date();
  const text = input.text ?? CXML_STATUS_TEXT[input.code];
  const payloadId = input.payloadId ?? newPayloadId(input.hostname, now);
  const attributes = `payloadID="${escapeXml(payloadId)}" timestamp="${cxmlTimestamp(now, input.timeZone)}" xml:lang="en"`;
  const status = `<Status code="${input.code}" text="${escapeXml(text)}" xml:lang="en"`;
  const body = input.detail ? `${status}>${escapeXml(input.detail)}</Status>` : `${status}/>`;
  const version = input.dtdVersion ?? DEFAULT_CXML_VERSION;
  return (
    `${XML_DECLARATION}\n<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/${version}/cXML.dtd">\n` +
    `<cXML ${attributes}>\n  <Response>\n    ${body}\n  </Response>\n</cXML>\n`
  );
}
