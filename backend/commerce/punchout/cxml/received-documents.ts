/**
 * Reading the documents a buyer system receives from a supplier: a PunchOutOrderMessage posted by the browser, and a
 * Response (Status, optionally PunchOutSetupResponse). The shop's procurement simulator plays the buyer with these;
 * tests read the shop's own documents back with them.
 *
 * Same leniency as ./setup-request.ts; the root must be `cXML` (case-sensitive: a root spelled `cxml`, seen in a
 * published sample, is refused).
 *
 * Sources: cXML.dtd 1.2.071 (`PunchOutOrderMessage (BuyerCookie, PunchOutOrderMessageHeader, ItemIn*)`,
 * `Response (Status, …)`); cXML Reference Guide 1.2.051 §3.1.9, §5.6.4.
 */
import { CxmlParseError } from './errors.ts';
import {
  readDeploymentMode,
  readEnvelope,
  readItem,
  readMoney,
  readResponseEnvelope,
  textOf,
  type CxmlEnvelope,
  type CxmlItem,
  type CxmlMoney,
} from './envelope.ts';
import { child, childrenNamed, innerXml, parseXml, path, type XmlElement, type XmlLimits } from './xml-safe.ts';

/** A Status element as received. */
export interface ReceivedStatus {
  /** `code` attribute; NaN when it is not a number. */
  code: number;
  text: string;
  /** The element's content, trimmed ('' when empty). */
  detail: string;
}

/** A parsed PunchOutOrderMessage with its envelope. */
export interface ReceivedOrderMessage extends CxmlEnvelope {
  deploymentMode: 'production' | 'test';
  /** The Message's Status, or null (then `200 OK` is implied). */
  status: ReceivedStatus | null;
  /** BuyerCookie content as raw XML, byte-identical to the document. */
  buyerCookie: string;
  operationAllowed: string;
  total: CxmlMoney | null;
  items: CxmlItem[];
}

/** A parsed Response document. */
export interface ReceivedResponse {
  payloadId: string;
  timestampRaw: string;
  lang: string | null;
  status: ReceivedStatus;
  /** PunchOutSetupResponse/StartPage/URL, trimmed, or null. */
  startPageUrl: string | null;
}

/**
 * Parses a PunchOutOrderMessage.
 *
 * @throws CxmlParseError (406) for a body that is not acceptable XML, a root other than `cXML`, a missing Header part,
 *   or a Message without PunchOutOrderMessage, BuyerCookie or PunchOutOrderMessageHeader.
 */
export function parsePunchOutOrderMessage(xml: string | Uint8Array, limits?: XmlLimits): ReceivedOrderMessage {
  const root = parseXml(xml, limits);
  const envelope = readEnvelope(root);
  const message = child(root, 'Message');
  const poom = message && child(message, 'PunchOutOrderMessage');
  if (!message || !poom) throw new CxmlParseError('The document is not a PunchOutOrderMessage.');
  const buyerCookie = child(poom, 'BuyerCookie');
  const header = child(poom, 'PunchOutOrderMessageHeader');
  if (!buyerCookie || !header) {
    throw new CxmlParseError('A PunchOutOrderMessage needs a BuyerCookie and a PunchOutOrderMessageHeader.');
  }
  const total = path(header, 'Total', 'Money');
  const status = child(message, 'Status');
  return {
    ...envelope,
    deploymentMode: readDeploymentMode(message),
    status: status ? readStatus(status) : null,
    buyerCookie: innerXml(root, buyerCookie),
    operationAllowed: header.attributes['operationAllowed']?.trim() ?? '',
    total: total ? readMoney(total) : null,
    items: childrenNamed(poom, 'ItemIn').map(readItem),
  };
}

/**
 * Parses a Response document (the answer to a setup request or an OrderRequest, or a refusal).
 *
 * @throws CxmlParseError (406) for a body that is not acceptable XML, a root other than `cXML`, or no Response/Status.
 */
export function parseResponse(xml: string | Uint8Array, limits?: XmlLimits): ReceivedResponse {
  const root = parseXml(xml, limits);
  const envelope = readResponseEnvelope(root);
  const status = path(root, 'Response', 'Status');
  if (!status) throw new CxmlParseError('The document is not a cXML Response with a Status.');
  return {
    ...envelope,
    status: readStatus(status),
    startPageUrl: textOf(path(root, 'Response', 'PunchOutSetupResponse', 'StartPage', 'URL')),
  };
}

function readStatus(status: XmlElement): ReceivedStatus {
  const code = status.attributes['code']?.trim() ?? '';
  return {
    code: /^\d+$/.test(code) ? Number(code) : Number.NaN,
    text: status.attributes['text'] ?? '',
    detail: status.text.trim(),
  };
}
