/**
 * The cXML side of the procurement simulator: the PunchOutSetupRequest it sends (create, edit or inspect, with the
 * returned lines as ItemOut for edit and inspect; cXML Reference Guide 1.2.051 §5.3), the PunchOutSetupResponse it
 * reads (Status and StartPage, §5.3.3), and the PunchOutOrderMessage it receives through the browser (the
 * `cxml-base64` or `cxml-urlencoded` form field, §3.1.12 URL-Form-Encoding and §5.4.3.1; the message itself
 * §5.4.3). Pure: documents in, documents out; element order as cXML.dtd 1.2.071 prescribes.
 */
import { child, children, parseXml, textOf, xmlEscape, type XmlElement } from './xml.ts';

/** The DTD the simulator's requests name (cXML.dtd 1.2.071). */
const CXML_DTD = 'http://xml.cxml.org/schemas/cXML/1.2.071/cXML.dtd';

/** A credential: `domain` (NetworkID, DUNS, …) and identity. */
export interface CxmlCredential {
  domain: string;
  identity: string;
}

/** One line of a PunchOutOrderMessage (ItemIn), as the simulator shows it and sends it back as ItemOut. */
export interface CxmlItem {
  /** `quantity` as written (may be fractional). */
  quantity: string;
  lineNumber: string | null;
  supplierPartId: string;
  /** SupplierPartAuxiliaryID: the supplier's key of the line, returned unchanged in edit and inspect (§5.3.4). */
  supplierPartAuxiliaryId: string | null;
  buyerPartId: string | null;
  /** UnitPrice/Money as written, and its currency. */
  unitPrice: string;
  currency: string;
  description: string;
  shortName: string | null;
  language: string;
  unitOfMeasure: string;
  classifications: { domain: string; code: string }[];
  manufacturerPartId: string | null;
  manufacturerName: string | null;
  leadTime: string | null;
}

/** The operations of a PunchOutSetupRequest the simulator sends. */
export type SetupOperation = 'create' | 'edit' | 'inspect';

/** What a PunchOutSetupRequest carries. */
export interface SetupRequestInput {
  payloadId: string;
  /** ISO 8601 with a numeric offset. */
  timestamp: string;
  /** The buyer (From), the supplier (To) and the sending system with its shared secret (Sender). */
  from: CxmlCredential;
  to: CxmlCredential;
  sender: CxmlCredential & { sharedSecret: string };
  operation: SetupOperation;
  buyerCookie: string;
  /** Where the browser posts the PunchOutOrderMessage. */
  browserFormPost: string;
  /** The lines of an edit or inspect session (ignored for create). */
  items?: readonly CxmlItem[];
  /** `deploymentMode` of the Request. */
  deploymentMode?: 'production' | 'test';
  /** A UserEmail extrinsic, when given. */
  userEmail?: string | null;
}

function credential(element: string, { domain, identity }: CxmlCredential, secret?: string): string {
  const sharedSecret = secret === undefined ? '' : `<SharedSecret>${xmlEscape(secret)}</SharedSecret>`;
  return (
    `<${element}><Credential domain="${xmlEscape(domain)}"><Identity>${xmlEscape(identity)}</Identity>` +
    `${sharedSecret}</Credential>${element === 'Sender' ? '<UserAgent>Werkbank procurement simulator</UserAgent>' : ''}` +
    `</${element}>`
  );
}

/** An ItemOut of `item` (ItemID with the auxiliary ID, and its ItemDetail when it has a classification). */
function itemOut(item: CxmlItem, position: number): string {
  const id =
    `<ItemID><SupplierPartID>${xmlEscape(item.supplierPartId)}</SupplierPartID>` +
    (item.supplierPartAuxiliaryId === null
      ? ''
      : `<SupplierPartAuxiliaryID>${xmlEscape(item.supplierPartAuxiliaryId)}</SupplierPartAuxiliaryID>`) +
    (item.buyerPartId === null ? '' : `<BuyerPartID>${xmlEscape(item.buyerPartId)}</BuyerPartID>`) +
    `</ItemID>`;
  const shortName = item.shortName === null ? '' : `<ShortName>${xmlEscape(item.shortName)}</ShortName>`;
  const detail =
    item.classifications.length === 0
      ? ''
      : `<ItemDetail><UnitPrice><Money currency="${xmlEscape(item.currency)}">${xmlEscape(item.unitPrice)}</Money>` +
        `</UnitPrice><Description xml:lang="${xmlEscape(item.language)}">${shortName}${xmlEscape(item.description)}` +
        `</Description><UnitOfMeasure>${xmlEscape(item.unitOfMeasure)}</UnitOfMeasure>` +
        item.classifications
          .map((c) => `<Classification domain="${xmlEscape(c.domain)}">${xmlEscape(c.code)}</Classification>`)
          .join('') +
        (item.manufacturerPartId === null
          ? ''
          : `<ManufacturerPartID>${xmlEscape(item.manufacturerPartId)}</ManufacturerPartID>`) +
        (item.manufacturerName === null
          ? ''
          : `<ManufacturerName>${xmlEscape(item.manufacturerName)}</ManufacturerName>`) +
        `</ItemDetail>`;
  const lineNumber = item.lineNumber ?? String(position + 1);
  return `<ItemOut quantity="${xmlEscape(item.quantity)}" lineNumber="${xmlEscape(lineNumber)}">${id}${detail}</ItemOut>`;
}

/**
 * A PunchOutSetupRequest (cXML Reference Guide 1.2.051 §5.3): Header From/To/Sender with the Sender's SharedSecret,
 * a Request with PunchOutSetupRequest `operation`, BuyerCookie, an optional UserEmail extrinsic, BrowserFormPost
 * and, for edit and inspect, the lines to re-create as ItemOut (§5.3.4: SupplierPartAuxiliaryID unchanged).
 */
export function buildSetupRequest(input: SetupRequestInput): string {
  const items = input.operation === 'create' ? [] : (input.items ?? []);
  const extrinsic = input.userEmail ? `<Extrinsic name="UserEmail">${xmlEscape(input.userEmail)}</Extrinsic>` : '';
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE cXML SYSTEM "${CXML_DTD}">\n` +
    `<cXML payloadID="${xmlEscape(input.payloadId)}" timestamp="${xmlEscape(input.timestamp)}" xml:lang="en-US">` +
    `<Header>${credential('From', input.from)}${credential('To', input.to)}` +
    `${credential('Sender', input.sender, input.sender.sharedSecret)}</Header>` +
    `<Request deploymentMode="${input.deploymentMode ?? 'test'}">` +
    `<PunchOutSetupRequest operation="${input.operation}">` +
    `<BuyerCookie>${xmlEscape(input.buyerCookie)}</BuyerCookie>${extrinsic}` +
    `<BrowserFormPost><URL>${xmlEscape(input.browserFormPost)}</URL></BrowserFormPost>` +
    items.map(itemOut).join('') +
    `</PunchOutSetupRequest></Request></cXML>\n`
  );
}

/** `xml` with the content of every SharedSecret replaced, for showing a request. */
export function redactSharedSecret(xml: string): string {
  return xml.replace(/(<SharedSecret>)[\s\S]*?(<\/SharedSecret>)/g, '$1•••$2');
}

/** A cXML Response's Status (code, text, content) and, for a PunchOutSetupResponse, its StartPage URL. */
export interface SetupResponse {
  status: { code: number; text: string; message: string };
  startPage: string | null;
}

/**
 * Reads a PunchOutSetupResponse or a plain Status answer (cXML Reference Guide §3.1.9, §5.3.3).
 *
 * @throws Error for a document that is not well-formed or has no Response/Status.
 */
export function parseSetupResponse(xml: string): SetupResponse {
  const root = parseXml(xml).root;
  const status = child(root, 'Response', 'Status');
  if (!status) throw new Error('The answer has no Response/Status.');
  const startPage = textOf(child(root, 'Response', 'PunchOutSetupResponse', 'StartPage', 'URL'));
  return {
    status: {
      code: Number(status.attributes.code),
      text: status.attributes.text ?? '',
      message: textOf(status) ?? '',
    },
    startPage: startPage || null,
  };
}

/** The form field a PunchOutOrderMessage came in and the document it holds. */
export interface ReceivedMessage {
  field: 'cxml-base64' | 'cxml-urlencoded';
  xml: string;
}

/**
 * The PunchOutOrderMessage of a received form (cXML Reference Guide §3.1.12: recipients look for `cxml-base64`
 * first; field names case-insensitive): base64 decoded to the document's bytes and read in the encoding its XML
 * declaration names (UTF-8 by default; ISO-8859-1 and US-ASCII as Latin-1), or the `cxml-urlencoded` value as it
 * is (the browser's form encoding already undone; the document is US-ASCII). Null when neither field is present.
 */
export function receivedMessage(fields: readonly (readonly [string, string])[]): ReceivedMessage | null {
  const value = (name: string) => fields.find(([field]) => field.toLowerCase() === name)?.[1] ?? null;
  const base64 = value('cxml-base64');
  if (base64 !== null) {
    const bytes = Buffer.from(base64.replace(/\s+/g, ''), 'base64');
    const head = bytes.subarray(0, 200).toString('latin1');
    const encoding = /encoding\s*=\s*["']([^"']+)["']/i.exec(head)?.[1]?.toLowerCase() ?? 'utf-8';
    const latin = ['iso-8859-1', 'latin1', 'us-ascii', 'windows-1252'].includes(encoding);
    return { field: 'cxml-base64', xml: bytes.toString(latin ? 'latin1' : 'utf8') };
  }
  const urlencoded = value('cxml-urlencoded');
  return urlencoded === null ? null : { field: 'cxml-urlencoded', xml: urlencoded };
}

/** A PunchOutOrderMessage as the simulator shows it. */
export interface OrderMessage {
  payloadId: string | null;
  timestamp: string | null;
  /** The DTD the DOCTYPE names (its system identifier), or null. */
  dtd: string | null;
  from: CxmlCredential | null;
  to: CxmlCredential | null;
  sender: CxmlCredential | null;
  /** Whether a SharedSecret appears anywhere (it must not: the message travels through the browser, §3.1.7.5). */
  hasSharedSecret: boolean;
  buyerCookie: string;
  operationAllowed: string | null;
  total: { amount: string; currency: string } | null;
  items: CxmlItem[];
}

function credentialOf(header: XmlElement | null, name: string): CxmlCredential | null {
  const credential = child(header, name, 'Credential');
  if (!credential) return null;
  return { domain: credential.attributes.domain ?? '', identity: textOf(child(credential, 'Identity')) ?? '' };
}

function itemOf(element: XmlElement): CxmlItem {
  const detail = child(element, 'ItemDetail');
  const money = child(detail, 'UnitPrice', 'Money');
  const description = child(detail, 'Description');
  const ownText = (description?.children ?? [])
    .filter((c): c is string => typeof c === 'string')
    .join('')
    .trim();
  return {
    quantity: element.attributes.quantity ?? '',
    lineNumber: element.attributes.lineNumber ?? null,
    supplierPartId: textOf(child(element, 'ItemID', 'SupplierPartID')) ?? '',
    supplierPartAuxiliaryId: textOf(child(element, 'ItemID', 'SupplierPartAuxiliaryID')),
    buyerPartId: textOf(child(element, 'ItemID', 'BuyerPartID')),
    unitPrice: textOf(money) ?? '',
    currency: money?.attributes.currency ?? '',
    description: ownText || (textOf(description) ?? ''),
    shortName: textOf(child(description, 'ShortName')),
    language: description?.attributes['xml:lang'] ?? 'en',
    unitOfMeasure: textOf(child(detail, 'UnitOfMeasure')) ?? '',
    classifications: children(detail, 'Classification').map((c) => ({
      domain: c.attributes.domain ?? '',
      code: textOf(c) || c.attributes.code || '',
    })),
    manufacturerPartId: textOf(child(detail, 'ManufacturerPartID')),
    manufacturerName: textOf(child(detail, 'ManufacturerName')),
    leadTime: textOf(child(detail, 'LeadTime')),
  };
}

/**
 * Reads a PunchOutOrderMessage (cXML Reference Guide §5.4.3): header credentials, BuyerCookie, operationAllowed,
 * Total, and the lines (ItemIn).
 *
 * @throws Error for a document that is not well-formed or holds no Message/PunchOutOrderMessage.
 */
export function parseOrderMessage(xml: string): OrderMessage {
  const document = parseXml(xml);
  const root = document.root;
  const message = child(root, 'Message', 'PunchOutOrderMessage');
  if (!message) throw new Error('The document holds no Message/PunchOutOrderMessage.');
  const header = child(root, 'Header');
  const total = child(message, 'PunchOutOrderMessageHeader', 'Total', 'Money');
  const system = document.doctype ? (/SYSTEM\s+["']([^"']+)["']/.exec(document.doctype)?.[1] ?? null) : null;
  return {
    payloadId: root.attributes.payloadID ?? null,
    timestamp: root.attributes.timestamp ?? null,
    dtd: system,
    from: credentialOf(header, 'From'),
    to: credentialOf(header, 'To'),
    sender: credentialOf(header, 'Sender'),
    hasSharedSecret: /<SharedSecret[\s>]/.test(xml),
    buyerCookie: textOf(child(message, 'BuyerCookie')) ?? '',
    operationAllowed: child(message, 'PunchOutOrderMessageHeader')?.attributes.operationAllowed ?? null,
    total: total ? { amount: textOf(total) ?? '', currency: total.attributes.currency ?? '' } : null,
    items: children(message, 'ItemIn').map(itemOf),
  };
}
