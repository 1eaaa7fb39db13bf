/**
 * What the ERP's PDFs are made from (docs/decisions/016-erp.md): plain data, built by the ERP from its records and
 * rendered by `render.ts`. Money is integer euro cents; unit prices are exact decimal strings in EUR with up to 5
 * decimals (BMEcat prices per piece); VAT rates are decimal strings in percent ('21.00'); dates are ISO calendar days
 * (`YYYY-MM-DD`) in Europe/Brussels; `locale` is one of the shop's (de-DE, en-GB, fr-FR, nl-NL) and decides the
 * labels and the number and date formats.
 */

/** A company on a document: the supplier or the customer. */
export interface DocumentParty {
  name: string;
  /** Street and number, postal code and city, country: one entry a line. */
  addressLines: string[];
  vatNumber: string | null;
  /** The customer's client number at the supplier (customer only). */
  customerNumber?: string | null;
  email?: string | null;
  phone?: string | null;
}

/** The supplier as it prints itself: its party data plus its bank account and register entry. */
export interface DocumentSupplier extends DocumentParty {
  iban: string;
  bic: string;
  /** Company register entry, e.g. 'RPR Antwerpen 0123.456.789'. */
  register: string;
}

/** A priced line of an invoice or offer. */
export interface PricedDocumentLine {
  lineNumber: number;
  productNumber: string;
  description: string;
  customerArticleNumber: string | null;
  quantity: number;
  /** UN/ECE Recommendation 20 code, e.g. 'C62' (piece). */
  unit: string | null;
  unitPrice: string;
  totalCents: number;
  /** Delivery date of the line, when known. */
  deliveryDate?: string | null;
}

/** VAT of one rate: the net amount it applies to and the tax. */
export interface DocumentTax {
  rate: string;
  netCents: number;
  taxCents: number;
}

/** The amounts at the foot of an invoice or offer. */
export interface DocumentTotals {
  /** Sum of the lines. */
  goodsCents: number;
  deliveryCostCents: number;
  /** Small-order surcharge and other additional costs. */
  additionalCostCents: number;
  netCents: number;
  taxes: DocumentTax[];
  totalCents: number;
}

export interface InvoiceDocumentData {
  kind: 'invoice';
  locale: string;
  supplier: DocumentSupplier;
  customer: DocumentParty;
  invoiceNumber: string;
  invoiceDate: string;
  dueDate: string;
  orderNumber: string;
  orderDate: string;
  customerReference: string | null;
  shippingNoteNumber: string | null;
  deliveryDate: string | null;
  /** Delivery address lines, when delivered to another address than the customer's. */
  deliveryAddressLines: string[] | null;
  lines: PricedDocumentLine[];
  totals: DocumentTotals;
}

export interface ProofOfDeliveryDocumentData {
  kind: 'proof-of-delivery';
  locale: string;
  supplier: DocumentSupplier;
  customer: DocumentParty;
  shippingNoteNumber: string;
  deliveryDate: string;
  orderNumber: string;
  customerReference: string | null;
  invoiceNumber: string | null;
  /** The carrier's tracking number. */
  sendingNumber: string | null;
  deliveryAddressLines: string[];
  lines: { lineNumber: number; productNumber: string; description: string; quantity: number; unit: string | null }[];
  /** Who signed for the goods and when (ISO timestamp). */
  receivedBy: string;
  receivedAt: string;
}

export interface OfferDocumentData {
  kind: 'offer';
  locale: string;
  supplier: DocumentSupplier;
  customer: DocumentParty;
  offerNumber: string;
  offerDate: string;
  validUntil: string;
  clientReference: string | null;
  comment: string | null;
  lines: PricedDocumentLine[];
  totals: DocumentTotals;
}

export type DocumentData = InvoiceDocumentData | ProofOfDeliveryDocumentData | OfferDocumentData;
