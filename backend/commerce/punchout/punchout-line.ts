/**
 * The shapes the punch-out protocols share: a cart line as a punch-out document carries it (`PunchOutLine`, built
 * from the calculated cart by the punch-out processor, read by the OCI field writer and the cXML
 * PunchOutOrderMessage writer) and a buyer company's OCI configuration (`OciSettings`, with its defaults).
 *
 * Money is in integer minor units of the line's currency (cents for EUR), quantities in order units (may be
 * fractional).
 */

/** A cart line as a punch-out document carries it; built from the calculated cart by the core. */
export interface PunchOutLine {
  /** Product id (32 hex): OCI EXT_PRODUCT_ID, base of cXML SupplierPartAuxiliaryID. */
  productId: string;
  /** Supplier's article number (productNumber): OCI VENDORMAT, cXML SupplierPartID. */
  productNumber: string;
  /** Product name in the session's language (full; OCI truncates DESCRIPTION to 40, the rest goes to LONGTEXT). */
  name: string;
  /** Plain-text description (no HTML), may be empty. */
  description: string;
  /** Order units (may be fractional, e.g. 2.5 for metres). */
  quantity: number;
  /**
   * Net price of `priceUnit` order units in minor units (cents) of `currency`, as the cart priced it for this
   * quantity (a fastener at 0.014 EUR a piece: 14 cents per 10).
   */
  unitPrice: bigint;
  /**
   * Order units `unitPrice` is for: 1, or 10, 100, … when the price of one unit is not whole minor units (OCI
   * PRICEUNIT, cXML PriceBasisQuantity).
   */
  priceUnit: number;
  /** Net line total in minor units (= the cart's line total). */
  totalPrice: bigint;
  /** ISO 4217. */
  currency: string;
  /** Order unit as the shop keeps it: UN/ECE Rec 20 common code (C62, PK, MTR, KGM, ...). */
  unit: string;
  /** Working days to delivery, when known. */
  leadTimeDays: number | null;
  manufacturerName: string | null;
  /** Manufacturer part number. */
  manufacturerNumber: string | null;
  ean: string | null;
  /** Classifications of the product: ECLASS and/or UNSPSC codes (digits only), with a name when known. */
  classifications: { system: 'ECLASS' | 'UNSPSC'; code: string; name: string | null }[];
  /** The buyer's own article number from the company's article links (OCI MATNR/CUST_MAT, cXML BuyerPartID). */
  customerProductNumber: string | null;
  /** Absolute URL of the product page and of its cover image, when known. */
  productUrl: string | null;
  imageUrl: string | null;
}

/** How the shop speaks SAP OCI 4.0/5.0 with one buyer company (stored per company by the punch-out configuration). */
export interface OciSettings {
  /** Allowed HOOK_URL origins: https://host[:port], or http://127.0.0.1|localhost[:port]; 'SAPEVENT:' admits SAPEVENT:POST. */
  hookOrigins: string[];
  /** Charset of the return page when the call-up does not name one (http_content_charset): 'ISO-8859-1' default, or 'UTF-8'. */
  charset: 'ISO-8859-1' | 'UTF-8';
  /** Default form target when the call-up names none ('_top' default). */
  target: string | null;
  /** Shop unit (UN/ECE Rec 20) -> buyer's ISO unit (<= 3 chars); unmapped units pass through when <= 3 chars. */
  unitMap: Record<string, string>;
  /** Which classification fills MATGROUP / EXT_SCHEMA_TYPE+EXT_CATEGORY_ID: null = none. */
  classification: 'ECLASS' | 'UNSPSC' | null;
  /** Put the customer's article number (article links) into MATNR. */
  customerMaterialNumber: boolean;
  /** Buyer's vendor number for NEW_ITEM-VENDOR, when agreed. */
  vendorNumber: string | null;
  /** OCI 5.0 hierarchy fields (ITEM_TYPE / PARENT_ID); off by default. */
  oci5Hierarchy: boolean;
  /** Echo ~OkCode/~TARGET/~CALLER as hidden fields (default true). */
  echoSapFields: boolean;
  /** Cancel: post an empty cart (null) or navigate to this URL. */
  cancelUrl: string | null;
  /** Max lines per transfer (PHP max_input_vars); default 200. */
  maxLines: number;
}

/**
 * The OCI settings of a company nobody has configured yet: the return page in ISO-8859-1 (the OCI default charset,
 * SAP OCI 4.0 outbound section, `http_content_charset`), target `_top` unless the call-up names one, units passed
 * through, no classification, no MATNR, no VENDOR, no OCI 5.0 hierarchy, `~OkCode`/`~TARGET`/`~CALLER` echoed, cancel
 * posts an empty cart, at most 200 lines per transfer, and no HOOK_URL origin allowed (every company names its own).
 * Frozen, arrays and maps included: copy it (`{ ...DEFAULT_OCI_SETTINGS, hookOrigins: [...] }`) to change a member.
 */
export const DEFAULT_OCI_SETTINGS: Readonly<OciSettings> = Object.freeze({
  hookOrigins: Object.freeze([]) as readonly string[] as string[],
  charset: 'ISO-8859-1',
  target: null,
  unitMap: Object.freeze({}) as Record<string, string>,
  classification: null,
  customerMaterialNumber: false,
  vendorNumber: null,
  oci5Hierarchy: false,
  echoSapFields: true,
  cancelUrl: null,
  maxLines: 200,
});
