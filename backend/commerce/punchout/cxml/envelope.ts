/**
 * Reading the parts every received cXML document shares: the envelope (payloadID, timestamp, xml:lang, DOCTYPE
 * version), the Header credentials, line items (ItemOut / ItemIn) and Money. Lenient on input, as real buyers'
 * documents deviate from the DTD: children are looked up by name in any order, values are trimmed, odd timestamps
 * are kept raw and parsed when possible.
 *
 * Source of the shapes: cXML.dtd 1.2.071 (cXML, Header, Credential, ItemOut, ItemIn, ItemID, ItemDetail, Money);
 * cXML Reference Guide 1.2.051 §3.1.6 (envelope attributes), §3.1.7 (Header), §3.2.2 (Money).
 */
import { CxmlParseError } from './errors.ts';
import { child, childrenNamed, path, type XmlElement, type XmlRoot } from './xml-safe.ts';

/** One Credential of From, To or Sender. */
export interface CxmlCredential {
  /** `domain` attribute as written (`NetworkID`, `DUNS`, …); compare case-insensitively (./credentials.ts). */
  domain: string;
  /** Identity, trimmed. */
  identity: string;
  /** `type="marketplace"` when present. */
  marketplace: boolean;
}

/** A Sender credential: also carries the SharedSecret (only Sender's is read; never logged, never echoed). */
export interface CxmlSenderCredential extends CxmlCredential {
  sharedSecret: string | null;
}

/** The envelope and Header of a received document. */
export interface CxmlEnvelope {
  payloadId: string;
  /** `timestamp` attribute as received. */
  timestampRaw: string;
  /** The timestamp when it could be read with its time zone (see {@link parseCxmlTimestamp}), else null. */
  timestamp: Date | null;
  /** `xml:lang` of the cXML element, or null. */
  lang: string | null;
  /** cXML version named in the DOCTYPE's system id, or null (no DOCTYPE, or another system id). */
  declaredVersion: string | null;
  from: CxmlCredential[];
  to: CxmlCredential[];
  sender: CxmlSenderCredential[];
  /** Sender/UserAgent, trimmed ('' when absent). */
  userAgent: string;
}

/** An amount of money as received. */
export interface CxmlMoney {
  /** ISO 4217 code from the `currency` attribute. */
  currency: string;
  /** The decimal as received, trimmed, thousands separators (commas) removed: `1234.50`. */
  amount: string;
  /**
   * The amount in minor units of the currency (cents for EUR; the currency's ISO 4217 exponent) when it is a plain
   * decimal with no more decimals than the currency has; null otherwise (e.g. a unit price of 0.125 EUR).
   */
  minor: bigint | null;
}

/** A line item (ItemOut of a setup or order request, ItemIn of a PunchOutOrderMessage) as received. */
export interface CxmlItem {
  /** `quantity` attribute; NaN when it is not a number. */
  quantity: number;
  /** `lineNumber` attribute, or null. */
  lineNumber: number | null;
  /** `requestedDeliveryDate` attribute as received (ItemOut), or null. */
  requestedDeliveryDate: string | null;
  supplierPartId: string;
  supplierPartAuxiliaryId: string | null;
  buyerPartId: string | null;
  unitPrice: CxmlMoney | null;
  unitOfMeasure: string | null;
  /** Description text without the ShortName, trimmed (first Description), or null. */
  description: string | null;
  shortName: string | null;
  /** `xml:lang` of the first Description, or null. */
  descriptionLang: string | null;
  classifications: { domain: string; code: string }[];
  manufacturerPartId: string | null;
  manufacturerName: string | null;
  url: string | null;
  /** LeadTime in days, or null. */
  leadTime: number | null;
}

/**
 * Reads the envelope of a received document.
 *
 * @throws CxmlParseError (406) when the root element is not `cXML` (case-sensitive, cXML Reference Guide 1.2.051
 *   §3.1.2), has no payloadID, or lacks Header/From/To/Sender.
 */
export function readEnvelope(root: XmlRoot): CxmlEnvelope {
  requireCxmlRoot(root);
  const payloadId = (root.attributes['payloadID'] ?? '').trim();
  if (!payloadId) throw new CxmlParseError('The cXML element has no payloadID.');
  const header = child(root, 'Header');
  const from = header && child(header, 'From');
  const to = header && child(header, 'To');
  const sender = header && child(header, 'Sender');
  if (!header || !from || !to || !sender) {
    throw new CxmlParseError('The cXML Header must contain From, To and Sender.');
  }
  const timestampRaw = root.attributes['timestamp'] ?? '';
  return {
    payloadId,
    timestampRaw,
    timestamp: parseCxmlTimestamp(timestampRaw),
    lang: root.attributes['xml:lang']?.trim() || null,
    declaredVersion: root.doctype?.cxmlVersion ?? null,
    from: childrenNamed(from, 'Credential').map(readCredential),
    to: childrenNamed(to, 'Credential').map(readCredential),
    sender: childrenNamed(sender, 'Credential').map((credential) => ({
      ...readCredential(credential),
      sharedSecret: textOf(child(credential, 'SharedSecret')),
    })),
    userAgent: textOf(child(sender, 'UserAgent')) ?? '',
  };
}

/**
 * Reads the envelope of a Response document (no Header): payloadID, timestamp, xml:lang.
 *
 * @throws CxmlParseError (406) when the root element is not `cXML`.
 */
export function readResponseEnvelope(root: XmlRoot): Pick<CxmlEnvelope, 'payloadId' | 'timestampRaw' | 'lang'> {
  requireCxmlRoot(root);
  return {
    payloadId: (root.attributes['payloadID'] ?? '').trim(),
    timestampRaw: root.attributes['timestamp'] ?? '',
    lang: root.attributes['xml:lang']?.trim() || null,
  };
}

/** `deploymentMode` of a Request or Message element: `test` when it says so, else `production` (the DTD default). */
export function readDeploymentMode(element: XmlElement): 'production' | 'test' {
  return element.attributes['deploymentMode']?.trim() === 'test' ? 'test' : 'production';
}

/** Reads an ItemOut or ItemIn element (any child order). */
export function readItem(element: XmlElement): CxmlItem {
  const itemId = child(element, 'ItemID');
  const detail = child(element, 'ItemDetail') ?? child(element, 'BlanketItemDetail');
  const description = detail && child(detail, 'Description');
  const lineNumber = element.attributes['lineNumber']?.trim();
  const leadTime = textOf(detail && child(detail, 'LeadTime'));
  const unitPrice = path(detail, 'UnitPrice', 'Money');
  return {
    quantity: parseDecimal(element.attributes['quantity']),
    lineNumber: lineNumber && /^\d+$/.test(lineNumber) ? Number(lineNumber) : null,
    requestedDeliveryDate: element.attributes['requestedDeliveryDate']?.trim() || null,
    supplierPartId: textOf(itemId && child(itemId, 'SupplierPartID')) ?? '',
    supplierPartAuxiliaryId: textOf(itemId && child(itemId, 'SupplierPartAuxiliaryID')),
    buyerPartId: textOf(itemId && child(itemId, 'BuyerPartID')),
    unitPrice: unitPrice ? readMoney(unitPrice) : null,
    unitOfMeasure: textOf(detail && child(detail, 'UnitOfMeasure')),
    description: description ? description.text.trim() || null : null,
    shortName: textOf(description && child(description, 'ShortName')),
    descriptionLang: description?.attributes['xml:lang']?.trim() || null,
    classifications: detail
      ? childrenNamed(detail, 'Classification').map((c) => ({
          domain: c.attributes['domain']?.trim() ?? '',
          code: c.text.trim() || c.attributes['code']?.trim() || '',
        }))
      : [],
    manufacturerPartId: textOf(detail && child(detail, 'ManufacturerPartID')),
    manufacturerName: textOf(detail && child(detail, 'ManufacturerName')),
    url: textOf(detail && child(detail, 'URL')),
    leadTime: leadTime && /^\d+$/.test(leadTime) ? Number(leadTime) : null,
  };
}

/** Reads a Money element: currency attribute and amount (commas as thousands separators removed, §3.2.2). */
export function readMoney(element: XmlElement): CxmlMoney {
  const currency = (element.attributes['currency'] ?? '').trim().toUpperCase();
  const amount = element.text.trim().replaceAll(',', '');
  return { currency, amount, minor: toMinorUnits(amount, currency) };
}

/** Trimmed character data of an element; null when the element is absent or holds only whitespace. */
export function textOf(element: XmlElement | undefined): string | null {
  if (!element) return null;
  const text = element.text.trim();
  return text === '' ? null : text;
}

/**
 * Number of decimals of a currency's minor unit (ISO 4217 exponent: EUR 2, JPY 0, BHD 3), as the ICU data in Node
 * knows it; 2 for a code it does not know.
 */
export function currencyDecimals(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * Reads a cXML timestamp leniently. The standard form is ISO 8601 with a numeric offset
 * (`2023-01-23T16:00:06-01:00`, cXML Reference Guide 1.2.051 §3.1.6.2); also read: `Z`, an offset without colon
 * (`-0500`), a space instead of `T`, fractional seconds, and the `Mon May 19 18:29:48 +0000 2008` form seen in the
 * wild. A timestamp without a time zone (`2016-04-20T04:34:19`) or in any other form gives null: the instant is
 * unknown, and the raw value is kept by the caller.
 */
export function parseCxmlTimestamp(raw: string): Date | null {
  const value = raw.trim();
  const iso = /^(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d)(?::(\d\d)(\.\d+)?)?\s*(Z|[+-]\d\d(?::?\d\d)?)$/i.exec(value);
  if (iso) {
    const [, y, mo, d, h, mi, s = '00', frac = '', zone = 'Z'] = iso;
    return toDate(`${y}-${mo}-${d}T${h}:${mi}:${s}${frac.slice(0, 4)}${normaliseOffset(zone)}`);
  }
  const unix = /^[A-Za-z]{3}\s+([A-Za-z]{3})\s+(\d{1,2})\s+(\d\d):(\d\d):(\d\d)\s+([+-]\d{4}|UTC|GMT)\s+(\d{4})$/.exec(
    value,
  );
  if (unix) {
    const [, monthName = '', d = '', h, mi, s, zone = 'Z', y] = unix;
    const month = MONTHS.indexOf(monthName.toLowerCase()) + 1;
    if (month === 0) return null;
    const offset = /^[+-]/.test(zone) ? normaliseOffset(zone) : 'Z';
    return toDate(`${y}-${String(month).padStart(2, '0')}-${d.padStart(2, '0')}T${h}:${mi}:${s}${offset}`);
  }
  return null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function normaliseOffset(zone: string): string {
  if (zone.toUpperCase() === 'Z') return 'Z';
  const digits = zone.slice(1).replace(':', '');
  return `${zone[0]}${digits.slice(0, 2)}:${digits.slice(2, 4) || '00'}`;
}

function toDate(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

function requireCxmlRoot(root: XmlRoot): void {
  if (root.name !== 'cXML') {
    throw new CxmlParseError(`The root element must be "cXML", not "${root.name}".`);
  }
}

function readCredential(element: XmlElement): CxmlCredential {
  return {
    domain: element.attributes['domain']?.trim() ?? '',
    identity: textOf(child(element, 'Identity')) ?? '',
    marketplace: element.attributes['type'] === 'marketplace',
  };
}

function parseDecimal(raw: string | undefined): number {
  const value = raw?.trim().replaceAll(',', '') ?? '';
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(value) ? Number(value) : Number.NaN;
}

function toMinorUnits(amount: string, currency: string): bigint | null {
  const match = /^(-)?(\d*)(?:\.(\d*))?$/.exec(amount);
  if (!match || amount === '' || amount === '-' || amount === '.') return null;
  const [, sign, whole = '', fraction = ''] = match;
  const decimals = currencyDecimals(currency);
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > decimals) return null;
  const minor = BigInt((whole || '0') + fraction.padEnd(decimals, '0').slice(0, decimals));
  return sign ? -minor : minor;
}
