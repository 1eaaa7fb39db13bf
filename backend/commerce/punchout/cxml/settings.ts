/**
 * Per-company cXML punch-out configuration: the shape the core stores and the pure cXML functions take.
 */

/** cXML settings of one buying company. */
export interface CxmlSettings {
  /** From/Sender credentials that identify the buyer (domain + identity, compared case-insensitively). */
  buyerDomain: string;
  buyerIdentity: string;
  /** Allowed BrowserFormPost origins (same rules as hookOrigins, no SAPEVENT). */
  formPostOrigins: string[];
  /** Hidden field of the POOM form. */
  formField: 'cxml-base64' | 'cxml-urlencoded';
  /** cXML version named in the DOCTYPE of what we send: '1.2.071' default; '1.2.014'/'1.2.020' drop newer elements. */
  dtdVersion: string;
  allowEdit: boolean;
  allowInspect: boolean;
  allowOrderRequest: boolean;
  unitMap: Record<string, string>;
  /** Classification domain sent (UNSPSC default, required by cXML: at least one Classification). */
  classification: 'UNSPSC' | 'ECLASS';
  /** Our own identity in From/Sender of POOMs and To of requests (domain 'DUNS' or 'NetworkID', identity). */
  supplierDomain: string;
  supplierIdentity: string;
}

/**
 * Defaults for a company without cXML configuration of its own. Buyer and supplier identities are empty: a company
 * must be given them before a setup request can match it. `cxml-base64` is the field the cXML Reference Guide
 * 1.2.051 §3.1.12 recommends for documents with non-ASCII text; edit and inspect are on (the shop can re-open a
 * returned cart; "support for the edit operation implies inspect support", §5.3.2.1); OrderRequest is off until a
 * buyer agrees to send orders by cXML.
 */
export const DEFAULT_CXML_SETTINGS: Readonly<CxmlSettings> = Object.freeze({
  buyerDomain: '',
  buyerIdentity: '',
  formPostOrigins: [],
  formField: 'cxml-base64',
  dtdVersion: '1.2.071',
  allowEdit: true,
  allowInspect: true,
  allowOrderRequest: false,
  unitMap: {},
  classification: 'UNSPSC',
  supplierDomain: 'NetworkID',
  supplierIdentity: '',
});

/**
 * The `operationAllowed` a PunchOutOrderMessage announces for these settings: the highest later operation the buyer
 * may start on the returned cart (cXML Reference Guide 1.2.051 §5.6.4.2): `edit` when editing is allowed (which
 * implies inspect), else `inspect`, else `create` (no later punch-out on this cart).
 */
export function operationAllowedFor(settings: Pick<CxmlSettings, 'allowEdit' | 'allowInspect'>): OperationAllowed {
  if (settings.allowEdit) return 'edit';
  if (settings.allowInspect) return 'inspect';
  return 'create';
}

/** Value of `PunchOutOrderMessageHeader@operationAllowed` (cXML.dtd). */
export type OperationAllowed = 'create' | 'inspect' | 'edit';
