/**
 * The cXML documents the shop sends, strict on output (cXML Reference Guide 1.2.051; cXML.dtd 1.2.071):
 * a Status response, a PunchOutSetupResponse, and the PunchOutOrderMessage (POOM) that the browser posts back to
 * the buyer, with the encodings of its hidden form field.
 *
 * Every document:
 * - starts with `<?xml version="1.0" encoding="UTF-8"?>` (no byte order mark, no whitespace before it, §3.1.3), then
 *   the DOCTYPE `<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/<version>/cXML.dtd">` of the declared
 *   version;
 * - has no `version` attribute (deprecated since 1.2.007, §3.1.6), a unique `payloadID` ({@link newPayloadId}) and a
 *   `timestamp` with a numeric offset, never `Z` ({@link cxmlTimestamp}, §3.1.6.2);
 * - escapes every text and attribute value exactly once; characters XML 1.0 does not allow (control characters,
 *   lone surrogates) are dropped;
 * - contains only elements, attributes and child orders the declared DTD version allows.
 *
 * POOM rules (§5.6.4, §3.1.7.5): From and Sender name the supplier (us), To names the buyer; no SharedSecret or other
 * authentication element anywhere (the document passes through the user's browser). The BuyerCookie is inserted
 * byte-identical to the one received. Total is the sum of the line totals (net, without tax and shipping) in the
 * one currency of the cart. Lines:
 * - `ItemIn@quantity` > 0 (fractions allowed), `lineNumber` 1, 2, … (declared since cXML.dtd 1.2.014, the oldest
 *   version supported here);
 * - ItemID: SupplierPartID = productNumber, SupplierPartAuxiliaryID = ./aux-id.ts `auxIdFor(productId)`, BuyerPartID =
 *   the customer's article number where the declared version has it (1.2.050 on; absent from 1.2.014 and 1.2.020);
 * - ItemDetail in DTD order: UnitPrice/Money, Description (xml:lang; ShortName ≤ 50 characters first, §5.6.4.4.2,
 *   then the description, or the name when the product has no description), UnitOfMeasure (settings.unitMap,
 *   else the shop's UN/ECE Rec 20 code), no PriceBasisQuantity (prices are per order unit), Classification,
 *   ManufacturerPartID, ManufacturerName, URL, LeadTime (whole days).
 * - Classification: one element, domain = settings.classification. UNSPSC codes are sent as their 8 digits (a 10-digit
 *   code loses its business-function digits), eCl@ss codes as 8 digits; punctuation is dropped. A line with no usable
 *   code in that system gets the code {@link UNCLASSIFIED_CODE} (`00000000`), this shop's fixed "not classified"
 *   value: cXML requires at least one Classification, and an all-zero code matches no commodity, so the buyer's
 *   system asks for one instead of booking the line to a wrong category.
 *
 * An empty line list is how a cancelled session (nothing to add), an inspect session (the buyer ignores lines) or an
 * edit session that removes every line is returned (§5.6.4.3); with `status204` the message carries
 * `Status 204 No Content`: the session ended without change.
 */
import { hostname as osHostname } from 'node:os';
import {
  CXML_STATUS_TEXT,
  cxmlStatusDocument,
  cxmlTimestamp,
  DEFAULT_CXML_VERSION,
  newPayloadId,
  XML_DECLARATION,
} from '../../../../contract/cxml.ts';
import type { PunchOutLine } from '../punchout-line.ts';
import { auxIdFor } from './aux-id.ts';
import type { CxmlIdentity } from './credentials.ts';
import { currencyDecimals } from './envelope.ts';
import type { CxmlStatusCode } from './errors.ts';
import type { ProfileTransaction } from './profile.ts';
import type { CxmlSettings, OperationAllowed } from './settings.ts';

/** Classification code of a line without a usable code in the configured system (see the module comment). */
export const UNCLASSIFIED_CODE = '00000000';

/** Envelope values of a document; each defaults to a fresh value. */
export interface DocumentMeta {
  /** payloadID; default {@link newPayloadId} with `hostname`. */
  payloadId?: string;
  /** Creation time for `timestamp`; default now. */
  now?: Date;
  /** Host name in a generated payloadID; default the machine's host name. */
  hostname?: string;
  /** IANA time zone of `timestamp`; default Europe/Brussels. */
  timeZone?: string;
  /** cXML version for the DOCTYPE (`1.2.0NN`); default {@link DEFAULT_CXML_VERSION}. */
  dtdVersion?: string;
}

/**
 * A Response document with only a Status (cXML Reference Guide 1.2.051 §3.1.9): the answer to a refused request, and
 * the acknowledgement of an OrderRequest (`200 OK`, §7.3).
 *
 * @param code the cXML status code.
 * @param text the Status `text` attribute; default the code's standard text (./status.ts).
 * @param detail explanation in the Status element's content (English), omitted when empty.
 */
export function buildStatusResponse(
  code: CxmlStatusCode,
  text: string = CXML_STATUS_TEXT[code],
  detail?: string,
  meta: DocumentMeta = {},
): string {
  return cxmlStatusDocument({
    code,
    text,
    detail,
    hostname: meta.hostname ?? osHostname(),
    ...(meta.now ? { now: meta.now } : {}),
    ...(meta.timeZone ? { timeZone: meta.timeZone } : {}),
    ...(meta.payloadId ? { payloadId: meta.payloadId } : {}),
    ...(meta.dtdVersion ? { dtdVersion: checkVersion(meta.dtdVersion) } : {}),
  });
}

/**
 * The PunchOutSetupResponse (cXML Reference Guide 1.2.051 §5.3.3): Status 200 and the StartPage URL the buyer opens
 * in the user's browser. The URL should be a one-time, short-lived token URL (§5.4.1); it is sent as given.
 *
 * @param startUrl absolute URL of the start page.
 * @param lang `xml:lang` of the document (the request's language); invalid values fall back to `en`.
 * @throws RangeError for an empty start URL.
 */
export function buildSetupResponse(startUrl: string, lang: string, meta: DocumentMeta = {}): string {
  if (startUrl.trim() === '') throw new RangeError('The StartPage URL must not be empty.');
  const response = node('Response', {}, [
    node('Status', { code: '200', text: CXML_STATUS_TEXT[200] }),
    node('PunchOutSetupResponse', {}, [node('StartPage', {}, [node('URL', {}, [startUrl.trim()])])]),
  ]);
  return serializeDocument(node('cXML', envelopeAttributes(meta, lang), [response]), meta);
}

/**
 * The ProfileResponse (cXML Reference Guide 1.2.051 §5.1.2.2, ./profile.ts): Status 200 and one Transaction per
 * request the shop accepts, with its URL.
 *
 * @param effectiveDate when these services became available (not in the future, cXML.dtd).
 * @throws RangeError without a transaction (the DTD needs one).
 */
export function buildProfileResponse(
  transactions: readonly ProfileTransaction[],
  effectiveDate: Date,
  meta: DocumentMeta = {},
): string {
  if (transactions.length === 0) throw new RangeError('A ProfileResponse names at least one transaction.');
  const response = node('Response', {}, [
    node('Status', { code: '200', text: CXML_STATUS_TEXT[200] }),
    node(
      'ProfileResponse',
      { effectiveDate: cxmlTimestamp(effectiveDate, meta.timeZone) },
      transactions.map((t) => node('Transaction', { requestName: t.requestName }, [node('URL', {}, [t.url])])),
    ),
  ]);
  return serializeDocument(node('cXML', envelopeAttributes(meta, 'en'), [response]), meta);
}

/** What a PunchOutOrderMessage is built from. */
export interface PunchOutOrderMessageInput {
  /** The BuyerCookie of the setup request as raw XML (./setup-request.ts `buyerCookie`), inserted unchanged. */
  buyerCookieRaw: string;
  /** Language of the session (`xml:lang` of the document and of each Description). */
  lang: string;
  /** The highest operation the buyer may start later on this cart (./settings.ts operationAllowedFor). */
  operationAllowed: OperationAllowed;
  /** The cart lines; empty for a cancel, an inspect session, or an edit that removes every line. */
  lines: readonly PunchOutLine[];
  /** ISO 4217 currency of the cart: Total's currency, and every line's. */
  currency: string;
  settings: Pick<CxmlSettings, 'dtdVersion' | 'unitMap' | 'classification'>;
  /** Key of the SupplierPartAuxiliaryID tags (./aux-id.ts). */
  auxIdKey: Buffer;
  /** The supplier (us): From. */
  from: CxmlIdentity | readonly CxmlIdentity[];
  /** The buyer: To (usually the From credentials of the setup request). */
  to: CxmlIdentity | readonly CxmlIdentity[];
  /** The supplier's site: Sender credentials and UserAgent. */
  sender: { credentials: CxmlIdentity | readonly CxmlIdentity[]; userAgent: string };
  /** Add `Status 204 No Content` to the Message: the session ended without change (§5.6.4.3). */
  status204?: boolean;
  /** `Message@deploymentMode`: the setup request's mode. */
  deploymentMode: 'production' | 'test';
  meta?: Omit<DocumentMeta, 'dtdVersion'>;
}

/**
 * The PunchOutOrderMessage (see the module comment for the rules).
 *
 * @returns the document as a string; encode it with {@link encodePoomFormValue} for the form.
 * @throws RangeError for a line with a quantity that is not a positive finite number, a line in another currency
 *   than `currency`, a malformed currency or an unsupported `settings.dtdVersion`.
 */
export function buildPunchOutOrderMessage(input: PunchOutOrderMessageInput): string {
  const version = checkVersion(input.settings.dtdVersion || DEFAULT_CXML_VERSION);
  const features = versionFeatures(version);
  const currency = input.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw new RangeError(`Not an ISO 4217 currency code: "${input.currency}".`);
  const lang = xmlLang(input.lang);
  let total = 0n;
  const items = input.lines.map((line, index) => {
    if (line.currency.trim().toUpperCase() !== currency) {
      throw new RangeError(`Line ${index + 1} is in ${line.currency}, the cart in ${currency}: one currency only.`);
    }
    total += line.totalPrice;
    return itemIn(line, index + 1, { ...input, lang, currency }, features);
  });

  const header = node('Header', {}, [
    node('From', {}, credentials(input.from)),
    node('To', {}, credentials(input.to)),
    node('Sender', {}, [...credentials(input.sender.credentials), node('UserAgent', {}, [input.sender.userAgent])]),
  ]);
  const message = node('Message', { deploymentMode: input.deploymentMode }, [
    ...(input.status204 ? [node('Status', { code: '204', text: CXML_STATUS_TEXT[204] })] : []),
    node('PunchOutOrderMessage', {}, [
      node('BuyerCookie', {}, [{ raw: input.buyerCookieRaw }]),
      node('PunchOutOrderMessageHeader', { operationAllowed: input.operationAllowed }, [
        node('Total', {}, [money(total, currency)]),
      ]),
      ...items,
    ]),
  ]);
  const meta = { ...input.meta, dtdVersion: version };
  return serializeDocument(node('cXML', envelopeAttributes(meta, lang), [header, message]), meta);
}

/**
 * The value of the POOM form's hidden field (cXML Reference Guide 1.2.051 §3.1.12, §5.4.3.1):
 * - `cxml-base64`: base64 of the document's UTF-8 bytes (the guide's recommendation for non-ASCII content);
 * - `cxml-urlencoded`: the document itself in pure US-ASCII, every non-ASCII character written as a numeric
 *   character reference (`€` → `&#8364;`; inside a CDATA section the section is split around the reference). It is
 *   not percent-encoded: the browser form-encodes it when posting. The HTML renderer must still escape it once as
 *   an attribute value.
 *
 * @throws Error for `cxml-urlencoded` when a non-ASCII character sits where no character reference is allowed (an
 *   element or attribute name, e.g. inside a BuyerCookie's markup): such a document can only go as `cxml-base64`.
 */
export function encodePoomFormValue(xml: string, field: 'cxml-base64' | 'cxml-urlencoded'): string {
  if (field === 'cxml-base64') return Buffer.from(xml, 'utf8').toString('base64');
  return toAsciiXml(xml);
}

// ---------------------------------------------------------------------------------------------------------------
// Version features

interface VersionFeatures {
  /** `ItemID/BuyerPartID`: absent from cXML.dtd 1.2.014 and 1.2.020, present in 1.2.050 and 1.2.071. */
  buyerPartId: boolean;
}

function checkVersion(version: string): string {
  const match = /^1\.2\.(\d{3})$/.exec(version.trim());
  if (!match || Number(match[1]) < 14) {
    throw new RangeError(`Unsupported cXML version "${version}" (expected 1.2.014 or later, e.g. 1.2.071).`);
  }
  return version.trim();
}

function versionFeatures(version: string): VersionFeatures {
  const minor = Number(version.split('.')[2]);
  return { buyerPartId: minor >= 50 };
}

// ---------------------------------------------------------------------------------------------------------------
// Lines

function itemIn(
  line: PunchOutLine,
  lineNumber: number,
  input: PunchOutOrderMessageInput & { lang: string; currency: string },
  features: VersionFeatures,
): XmlNode {
  const itemId = node('ItemID', {}, [
    node('SupplierPartID', {}, [line.productNumber]),
    node('SupplierPartAuxiliaryID', {}, [auxIdFor(line.productId, input.auxIdKey)]),
    ...(features.buyerPartId && line.customerProductNumber?.trim()
      ? [node('BuyerPartID', {}, [line.customerProductNumber.trim()])]
      : []),
  ]);
  const name = line.name.trim();
  const text = line.description.trim() || name;
  const unit = input.settings.unitMap[line.unit] ?? line.unit;
  const detail = node('ItemDetail', {}, [
    // Per one order unit (cXML Reference Guide 1.2.051 §5.6.4.4: UnitPrice is the price of one UnitOfMeasure): a
    // price per 10 or 100 units is shifted, not rounded (0.14 per 10 → 0.014).
    node('UnitPrice', {}, [money(line.unitPrice, input.currency, line.priceUnit)]),
    node('Description', { 'xml:lang': input.lang }, [
      ...(name ? [node('ShortName', {}, [shortName(name)])] : []),
      text,
    ]),
    node('UnitOfMeasure', {}, [unit.trim() || 'C62']),
    node('Classification', { domain: input.settings.classification }, [
      classificationCode(line, input.settings.classification),
    ]),
    ...optional('ManufacturerPartID', line.manufacturerNumber),
    ...(line.manufacturerName?.trim()
      ? [node('ManufacturerName', { 'xml:lang': input.lang }, [line.manufacturerName.trim()])]
      : []),
    ...optional('URL', line.productUrl),
    ...(line.leadTimeDays !== null && Number.isFinite(line.leadTimeDays) && line.leadTimeDays >= 0
      ? [node('LeadTime', {}, [String(Math.ceil(line.leadTimeDays))])]
      : []),
  ]);
  return node(
    'ItemIn',
    // lineNumber: declared on ItemIn by every supported version (cXML.dtd 1.2.014 already has it).
    { quantity: quantity(line.quantity, lineNumber), lineNumber: String(lineNumber) },
    [itemId, detail],
  );
}

function optional(name: string, value: string | null): XmlNode[] {
  const trimmed = value?.trim();
  return trimmed ? [node(name, {}, [trimmed])] : [];
}

/** At most 50 characters (code points), cut at the end (cXML Reference Guide 1.2.051 §5.6.4.4.2). */
function shortName(name: string): string {
  const chars = Array.from(name);
  return chars.length <= 50 ? name : chars.slice(0, 50).join('').trimEnd();
}

function classificationCode(line: PunchOutLine, system: 'UNSPSC' | 'ECLASS'): string {
  for (const classification of line.classifications) {
    if (classification.system !== system) continue;
    const digits = classification.code.replace(/\D/g, '');
    if (digits.length === 8) return digits;
    if (system === 'UNSPSC' && digits.length === 10) return digits.slice(0, 8);
  }
  return UNCLASSIFIED_CODE;
}

/** A quantity as cXML `%r8;`: plain decimal, dot, no exponent, up to 6 decimals. */
function quantity(value: number, lineNumber: number): string {
  if (!Number.isFinite(value) || value <= 0) {
    throw new RangeError(`Line ${lineNumber} has quantity ${value}: quantities must be positive.`);
  }
  const text = value.toFixed(6).replace(/\.?0+$/, '');
  if (text === '0') throw new RangeError(`Line ${lineNumber} has quantity ${value}: too small to send.`);
  return text;
}

/** Money in minor units as a decimal with the currency's decimals and a dot (cXML Reference Guide 1.2.051 §3.2.2). */
/** Money of `minor` units of `currency` per `per` units (a power of ten: its zeros become further decimals). */
function money(minor: bigint, currency: string, per = 1): XmlNode {
  const shift = Math.max(0, Math.round(Math.log10(per > 0 ? per : 1)));
  const decimals = currencyDecimals(currency) + shift;
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const amount = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return node('Money', { currency }, [`${negative ? '-' : ''}${amount}`]);
}

function credentials(value: CxmlIdentity | readonly CxmlIdentity[]): XmlNode[] {
  const list: readonly CxmlIdentity[] = Array.isArray(value) ? value : [value as CxmlIdentity];
  if (list.length === 0) throw new RangeError('From, To and Sender need at least one credential.');
  // Only domain and identity are read: a SharedSecret on the given objects never reaches the document.
  return list.map((c) => node('Credential', { domain: c.domain }, [node('Identity', {}, [c.identity])]));
}

// ---------------------------------------------------------------------------------------------------------------
// Envelope and serialisation

function envelopeAttributes(meta: DocumentMeta, lang: string): Record<string, string> {
  return {
    payloadID: meta.payloadId ?? newPayloadId(meta.hostname ?? osHostname()),
    timestamp: cxmlTimestamp(meta.now ?? new Date(), meta.timeZone),
    'xml:lang': xmlLang(lang),
  };
}

/** A language tag usable as `xml:lang` (BCP 47 shape), else `en`. */
function xmlLang(lang: string): string {
  const trimmed = lang.trim();
  return /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(trimmed) ? trimmed : 'en';
}

interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: (XmlNode | string | { raw: string })[];
}

function node(name: string, attributes: Record<string, string>, children: XmlNode['children'] = []): XmlNode {
  return { name, attributes, children };
}

function serializeDocument(root: XmlNode, meta: DocumentMeta): string {
  const version = checkVersion(meta.dtdVersion ?? DEFAULT_CXML_VERSION);
  const doctype = `<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/${version}/cXML.dtd">`;
  return `${XML_DECLARATION}\n${doctype}\n${serialize(root, '')}\n`;
}

/** Element-only content is indented; text, mixed and raw content is written inline, whitespace untouched. */
function serialize(element: XmlNode, indent: string): string {
  const attributes = Object.entries(element.attributes)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  if (element.children.length === 0) return `${indent}<${element.name}${attributes}/>`;
  const elementOnly = element.children.every((c) => typeof c === 'object' && 'name' in c);
  const inner = elementOnly
    ? `\n${element.children.map((c) => serialize(c as XmlNode, `${indent}  `)).join('\n')}\n${indent}`
    : element.children
        .map((c) => (typeof c === 'string' ? escapeText(c) : 'raw' in c ? c.raw : serialize(c, '')))
        .join('');
  return `${indent}<${element.name}${attributes}>${inner}</${element.name}>`;
}

// Characters XML 1.0 does not allow (§2.2 Char): C0 controls other than tab, newline and carriage return, U+FFFE,
// U+FFFF, and UTF-16 surrogates that do not form a pair.
const NOT_XML_CHAR =
  // eslint-disable-next-line no-control-regex -- matching the control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function escapeText(value: string): string {
  return value
    .replace(NOT_XML_CHAR, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\r/g, '&#13;');
}

function escapeAttribute(value: string): string {
  // Tab, newline and carriage return as references: a parser would turn them into spaces (XML 1.0 §3.3.3).
  return escapeText(value).replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');
}

const NON_ASCII = /[\u{80}-\u{10FFFF}]/gu;

/** Rewrites a document into US-ASCII with numeric character references (see {@link encodePoomFormValue}). */
function toAsciiXml(xml: string): string {
  let out = '';
  let i = 0;
  const ref = (ch: string): string => `&#${ch.codePointAt(0)};`;
  while (i < xml.length) {
    if (xml.startsWith('<![CDATA[', i)) {
      const end = xml.indexOf(']]>', i + 9);
      const stop = end === -1 ? xml.length : end + 3;
      out += xml.slice(i, stop).replace(NON_ASCII, (ch) => `]]>${ref(ch)}<![CDATA[`);
      i = stop;
    } else if (xml.startsWith('<!--', i) || xml.startsWith('<?', i) || xml.startsWith('<!', i)) {
      // Comments, processing instructions and declarations: references are not expanded there, so a non-ASCII
      // character in a comment is written as the reference's text (the comment changes, the data does not).
      const close = xml.startsWith('<!--', i) ? '-->' : xml.startsWith('<?', i) ? '?>' : '>';
      const end = xml.indexOf(close, i + 2);
      const stop = end === -1 ? xml.length : end + close.length;
      out += xml.slice(i, stop).replace(NON_ASCII, ref);
      i = stop;
    } else if (xml[i] === '<') {
      // A tag: references are allowed inside quoted attribute values only.
      let quote: string | null = null;
      let j = i;
      for (; j < xml.length; j += 1) {
        const ch = xml[j] as string;
        if (quote) {
          if (ch === quote) quote = null;
        } else if (ch === '"' || ch === "'") {
          quote = ch;
        } else if (ch === '>') {
          break;
        } else if (ch.charCodeAt(0) > 0x7f) {
          throw new Error('A non-ASCII element or attribute name cannot be sent as cxml-urlencoded; use cxml-base64.');
        }
      }
      out += xml.slice(i, j + 1).replace(NON_ASCII, ref);
      i = j + 1;
    } else {
      const next = xml.indexOf('<', i);
      const stop = next === -1 ? xml.length : next;
      out += xml.slice(i, stop).replace(NON_ASCII, ref);
      i = stop;
    }
  }
  return out;
}
