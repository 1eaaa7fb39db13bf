/**
 * Reading a cXML OrderRequest (cXML Reference Guide 1.2.051 §7; cXML.dtd 1.2.071 `OrderRequest (OrderRequestHeader,
 * ItemOut+)`), sent server-to-server by the buyer system after approval of a punched-out cart. The answer is a
 * Response with Status only ("there is no actual element named OrderResponse", §7.3): see ./documents.ts.
 *
 * Lenient like ./setup-request.ts (children by name, values trimmed, odd dates kept raw). The caller reconciles the
 * lines with the cart that was quoted (SupplierPartID, SupplierPartAuxiliaryID, unit price, unit) and re-prices from
 * its own records; `type="update"`/`"delete"` refer to an earlier order and must not create a new one.
 */
import { CxmlParseError, CxmlRequestError } from './errors.ts';
import {
  readDeploymentMode,
  readEnvelope,
  readItem,
  readMoney,
  textOf,
  type CxmlEnvelope,
  type CxmlItem,
  type CxmlMoney,
} from './envelope.ts';
import { child, childrenNamed, parseXml, path, type XmlElement, type XmlLimits } from './xml-safe.ts';

/** An address reference of the order header: the Address's addressID and Name. */
export interface CxmlAddressRef {
  addressId: string | null;
  name: string | null;
}

/** The OrderRequestHeader. */
export interface OrderRequestHeader {
  orderId: string;
  /** `orderDate` as received (kept raw; see ./envelope.ts parseCxmlTimestamp to read it). */
  orderDate: string;
  /** `type`: new (default), update or delete. */
  type: 'new' | 'update' | 'delete';
  /** `orderType` as received (`regular` default, `release`, `blanket`, …). */
  orderType: string;
  total: CxmlMoney | null;
  shipTo: CxmlAddressRef | null;
  billTo: CxmlAddressRef | null;
  /** Text of the header's Comments elements (Attachment markup ignored), trimmed, non-empty ones. */
  comments: string[];
}

/** A parsed OrderRequest with its envelope. */
export interface OrderRequest extends CxmlEnvelope {
  /** `Request@deploymentMode`: a `test` order must never become a real order. */
  deploymentMode: 'production' | 'test';
  header: OrderRequestHeader;
  /** ItemOut lines (with `requestedDeliveryDate` when given). */
  items: CxmlItem[];
}

/**
 * Parses an OrderRequest.
 *
 * @param xml the request body (string or UTF-8 bytes), read by ./xml-safe.ts `parseXml` with `limits`.
 * @throws CxmlParseError (406) for a body that is not acceptable XML, not a cXML document with a Header, or an
 *   OrderRequest without OrderRequestHeader;
 * @throws CxmlRequestError 400 when the Request holds no OrderRequest, the header has no orderID, the `type` is not
 *   new/update/delete, or there is no ItemOut.
 */
export function parseOrderRequest(xml: string | Uint8Array, limits?: XmlLimits): OrderRequest {
  const root = parseXml(xml, limits);
  const envelope = readEnvelope(root);
  const request = child(root, 'Request');
  if (!request) throw new CxmlParseError('The cXML document has no Request element.');
  const order = child(request, 'OrderRequest');
  if (!order) throw new CxmlRequestError(400, 'The Request is not an OrderRequest.');
  const header = child(order, 'OrderRequestHeader');
  if (!header) throw new CxmlParseError('The OrderRequest has no OrderRequestHeader.');

  const orderId = header.attributes['orderID']?.trim();
  if (!orderId) throw new CxmlRequestError(400, 'The OrderRequestHeader has no orderID.');
  const type = header.attributes['type']?.trim() || 'new';
  if (type !== 'new' && type !== 'update' && type !== 'delete') {
    throw new CxmlRequestError(400, `Unknown OrderRequest type "${type}" (expected new, update or delete).`);
  }
  const items = childrenNamed(order, 'ItemOut').map(readItem);
  if (items.length === 0) throw new CxmlRequestError(400, 'The OrderRequest has no ItemOut line.');
  const total = path(header, 'Total', 'Money');
  return {
    ...envelope,
    deploymentMode: readDeploymentMode(request),
    header: {
      orderId,
      orderDate: header.attributes['orderDate']?.trim() ?? '',
      type,
      orderType: header.attributes['orderType']?.trim() || 'regular',
      total: total ? readMoney(total) : null,
      shipTo: addressRef(child(header, 'ShipTo')),
      billTo: addressRef(child(header, 'BillTo')),
      comments: childrenNamed(header, 'Comments')
        .map((comments) => comments.text.trim())
        .filter((text) => text !== ''),
    },
    items,
  };
}

function addressRef(holder: XmlElement | undefined): CxmlAddressRef | null {
  const address = holder && child(holder, 'Address');
  if (!address) return null;
  return { addressId: address.attributes['addressID']?.trim() || null, name: textOf(child(address, 'Name')) };
}
