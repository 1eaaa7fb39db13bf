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
  /** Net price of ONE order unit in minor units (cents) of `currency`, as the cart priced it for this quantity. */
  unitPrice: bigint;
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
