/**
 * Reading a cXML PunchOutSetupRequest (cXML Reference Guide 1.2.051 §5.3.2, §5.6.2; cXML.dtd 1.2.071
 * `PunchOutSetupRequest (BuyerCookie, Extrinsic*, BrowserFormPost?, Contact*, SupplierSetup?, ShipTo?,
 * SelectedItem?, ItemOut*)`).
 *
 * Lenient, as published requests deviate from the DTD: children are found by name in any order (a Coupa request puts
 * Contact before BrowserFormPost), URL values are trimmed (they arrive wrapped in newlines), timestamps in odd forms
 * are kept raw and read when possible, no extrinsic is required. Strict where the shop cannot go on: the root must be
 * `cXML`, a BuyerCookie must be present (the only required child, §5.6.2.2) and — because this is a browser
 * punch-out — a BrowserFormPost URL, the address the cart is posted back to.
 *
 * Authentication (Sender SharedSecret, From/To identities) is not checked here: see ./credentials.ts.
 */
import { CxmlParseError, CxmlRequestError } from './errors.ts';
import { readDeploymentMode, readEnvelope, readItem, textOf, type CxmlEnvelope, type CxmlItem } from './envelope.ts';
import { child, childrenNamed, innerXml, parseXml, path, type XmlLimits } from './xml-safe.ts';

/** `PunchOutSetupRequest@operation` (cXML.dtd). */
export type PunchOutOperation = 'create' | 'edit' | 'inspect' | 'source';

const OPERATIONS: readonly PunchOutOperation[] = ['create', 'edit', 'inspect', 'source'];

/** A Contact of the request (the requisitioner, typically): role, name and e-mail addresses. */
export interface CxmlContact {
  role: string | null;
  name: string | null;
  emails: string[];
}

/** A parsed PunchOutSetupRequest with its envelope. */
export interface PunchOutSetupRequest extends CxmlEnvelope {
  /** `Request@deploymentMode`: `production` (default) or `test`. */
  deploymentMode: 'production' | 'test';
  operation: PunchOutOperation;
  /**
   * The BuyerCookie's content as raw XML, byte-identical to the request (declared `ANY`; may hold markup and
   * entity references). Returned unchanged in the PunchOutOrderMessage (§5.3.4); opaque, not an authentication token.
   */
  buyerCookie: string;
  /** BrowserFormPost/URL, trimmed: where the browser posts the PunchOutOrderMessage. Not yet checked against origins. */
  browserFormPostUrl: string;
  /** SupplierSetup/URL, trimmed (deprecated, §5.3.2.3), or null. */
  supplierSetupUrl: string | null;
  /** Extrinsics by name (first occurrence wins), trimmed text; not standardised, never required (§5.6.2.5). */
  extrinsics: Record<string, string>;
  contacts: CxmlContact[];
  /** ShipTo/Address: its addressID and Name, when present. */
  shipTo: { addressId: string | null; name: string | null } | null;
  /** SelectedItem/ItemID: punch-out to one product instead of the whole store (§5.6.2.6), or null. */
  selectedItem: { supplierPartId: string; supplierPartAuxiliaryId: string | null } | null;
  /** ItemOut lines: the cart to re-create for `edit`/`inspect` (§5.3.2.1); usually empty for `create`. */
  items: CxmlItem[];
}

/**
 * Parses a PunchOutSetupRequest.
 *
 * @param xml the request body (string or UTF-8 bytes), read by ./xml-safe.ts `parseXml` with `limits`.
 * @throws CxmlParseError (406) for a body that is not acceptable XML or not a cXML document with a Header;
 * @throws CxmlRequestError 400 when the Request holds no PunchOutSetupRequest, the operation attribute is missing,
 *   the BuyerCookie is missing, or there is no BrowserFormPost URL ("a BrowserFormPost URL is required as the return
 *   address"); 450 for an operation other than create, edit, inspect, source.
 */
export function parseSetupRequest(xml: string | Uint8Array, limits?: XmlLimits): PunchOutSetupRequest {
  const root = parseXml(xml, limits);
  const envelope = readEnvelope(root);
  const request = child(root, 'Request');
  if (!request) throw new CxmlParseError('The cXML document has no Request element.');
  const setup = child(request, 'PunchOutSetupRequest');
  if (!setup) throw new CxmlRequestError(400, 'The Request is not a PunchOutSetupRequest.');

  const operation = setup.attributes['operation']?.trim();
  if (!operation) throw new CxmlRequestError(400, 'The PunchOutSetupRequest has no operation attribute.');
  if (!(OPERATIONS as readonly string[]).includes(operation)) {
    throw new CxmlRequestError(450, `The PunchOut operation "${operation}" is not implemented.`);
  }

  const buyerCookie = child(setup, 'BuyerCookie');
  if (!buyerCookie) {
    throw new CxmlRequestError(400, 'A BuyerCookie is required: it identifies the session to the buyer system.');
  }
  const browserFormPostUrl = textOf(path(setup, 'BrowserFormPost', 'URL'));
  if (!browserFormPostUrl) {
    throw new CxmlRequestError(400, 'A BrowserFormPost URL is required as the return address of the cart.');
  }

  const extrinsics: Record<string, string> = {};
  for (const extrinsic of childrenNamed(setup, 'Extrinsic')) {
    const name = extrinsic.attributes['name']?.trim();
    if (name && !(name in extrinsics)) extrinsics[name] = extrinsic.text.trim();
  }
  const address = path(setup, 'ShipTo', 'Address');
  const selectedItemId = path(setup, 'SelectedItem', 'ItemID');
  return {
    ...envelope,
    deploymentMode: readDeploymentMode(request),
    operation: operation as PunchOutOperation,
    buyerCookie: innerXml(root, buyerCookie),
    browserFormPostUrl,
    supplierSetupUrl: textOf(path(setup, 'SupplierSetup', 'URL')),
    extrinsics,
    contacts: childrenNamed(setup, 'Contact').map((contact) => ({
      role: contact.attributes['role']?.trim() || null,
      name: textOf(child(contact, 'Name')),
      emails: childrenNamed(contact, 'Email')
        .map((email) => textOf(email))
        .filter((email): email is string => email !== null),
    })),
    shipTo: address
      ? { addressId: address.attributes['addressID']?.trim() || null, name: textOf(child(address, 'Name')) }
      : null,
    selectedItem: selectedItemId
      ? {
          supplierPartId: textOf(child(selectedItemId, 'SupplierPartID')) ?? '',
          supplierPartAuxiliaryId: textOf(child(selectedItemId, 'SupplierPartAuxiliaryID')),
        }
      : null,
    items: childrenNamed(setup, 'ItemOut').map(readItem),
  };
}
