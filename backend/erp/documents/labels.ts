/**
 * The printed words of the ERP's documents in the shop's four locales (contract/locales.ts); an unknown locale prints
 * in the shop's fallback locale, en-GB. Column and field names follow the storefront's order pages where they exist
 * (Article, Quantity, Unit price, Delivery address), the rest the usual wording of invoices in each language.
 */
import { FALLBACK_LOCALE, isLocaleCode, type LocaleCode } from '../../../contract/locales.ts';

/** A locale a document can be printed in. */
export type DocumentLocale = LocaleCode;

/** The locale a document is printed in: `locale` when it is one of the shop's, else en-GB. */
export function documentLocale(locale: string): DocumentLocale {
  return isLocaleCode(locale) ? locale : FALLBACK_LOCALE;
}

export interface DocumentLabels {
  invoice: string;
  proofOfDelivery: string;
  offer: string;
  /** A label with its value in running text: "Delivery date: 20/11/2026"; French sets a space before the colon. */
  field: (label: string, value: string) => string;
  /** Page numbering in the footer, e.g. "Page 1 of 3". */
  page: (page: number, pages: number) => string;
  customerNumber: string;
  vatNumber: string;
  phone: string;
  email: string;
  invoiceNumber: string;
  invoiceDate: string;
  dueDate: string;
  orderNumber: string;
  orderDate: string;
  customerReference: string;
  shippingNoteNumber: string;
  deliveryDate: string;
  sendingNumber: string;
  deliveryAddress: string;
  offerNumber: string;
  offerDate: string;
  validUntil: string;
  comment: string;
  lineNumber: string;
  productNumber: string;
  description: string;
  quantity: string;
  unitPrice: string;
  lineTotal: string;
  customerArticleNumber: string;
  goods: string;
  deliveryCost: string;
  additionalCost: string;
  net: string;
  /** One VAT rate's line of the totals, given the formatted rate and the net amount it applies to. */
  vat: (rate: string, base: string) => string;
  total: string;
  /** The invoice's payment term, given the formatted due date. */
  payableBy: (dueDate: string) => string;
  receivedBy: string;
  receivedAt: string;
  signature: string;
}

export const DOCUMENT_LABELS: Record<DocumentLocale, DocumentLabels> = {
  'de-DE': {
    invoice: 'Rechnung',
    proofOfDelivery: 'Liefernachweis',
    offer: 'Angebot',
    field: (label, value) => `${label}: ${value}`,
    page: (page, pages) => `Seite ${page} von ${pages}`,
    customerNumber: 'Kundennummer',
    vatNumber: 'USt-IdNr.',
    phone: 'Tel.',
    email: 'E-Mail',
    invoiceNumber: 'Rechnungsnummer',
    invoiceDate: 'Rechnungsdatum',
    dueDate: 'Fällig am',
    orderNumber: 'Bestellnummer',
    orderDate: 'Bestelldatum',
    customerReference: 'Ihre Referenz',
    shippingNoteNumber: 'Lieferscheinnummer',
    deliveryDate: 'Lieferdatum',
    sendingNumber: 'Sendungsnummer',
    deliveryAddress: 'Lieferadresse',
    offerNumber: 'Angebotsnummer',
    offerDate: 'Angebotsdatum',
    validUntil: 'Gültig bis',
    comment: 'Ihre Anmerkung',
    lineNumber: 'Pos.',
    productNumber: 'Artikelnr.',
    description: 'Bezeichnung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    lineTotal: 'Gesamt',
    customerArticleNumber: 'Ihre Artikelnr.',
    goods: 'Warenwert',
    deliveryCost: 'Versandkosten',
    additionalCost: 'Zusatzkosten',
    net: 'Nettobetrag',
    vat: (rate, base) => `MwSt. ${rate} auf ${base}`,
    total: 'Gesamtbetrag',
    payableBy: (date) => `Zahlbar bis ${date} ohne Abzug.`,
    receivedBy: 'Empfangen von',
    receivedAt: 'Empfangen am',
    signature: 'Unterschrift',
  },
  'en-GB': {
    invoice: 'Invoice',
    proofOfDelivery: 'Proof of delivery',
    offer: 'Offer',
    field: (label, value) => `${label}: ${value}`,
    page: (page, pages) => `Page ${page} of ${pages}`,
    customerNumber: 'Customer number',
    vatNumber: 'VAT number',
    phone: 'Phone',
    email: 'E-mail',
    invoiceNumber: 'Invoice number',
    invoiceDate: 'Invoice date',
    dueDate: 'Due date',
    orderNumber: 'Order number',
    orderDate: 'Order date',
    customerReference: 'Your reference',
    shippingNoteNumber: 'Delivery note number',
    deliveryDate: 'Delivery date',
    sendingNumber: 'Tracking number',
    deliveryAddress: 'Delivery address',
    offerNumber: 'Offer number',
    offerDate: 'Offer date',
    validUntil: 'Valid until',
    comment: 'Your comment',
    lineNumber: 'Line',
    productNumber: 'Article no.',
    description: 'Description',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    lineTotal: 'Total',
    customerArticleNumber: 'Your article no.',
    goods: 'Goods',
    deliveryCost: 'Delivery cost',
    additionalCost: 'Additional cost',
    net: 'Net total',
    vat: (rate, base) => `VAT ${rate} on ${base}`,
    total: 'Total',
    payableBy: (date) => `Payable by ${date} without deduction.`,
    receivedBy: 'Received by',
    receivedAt: 'Received at',
    signature: 'Signature',
  },
  'fr-FR': {
    invoice: 'Facture',
    proofOfDelivery: 'Preuve de livraison',
    offer: 'Offre',
    field: (label, value) => `${label}\u00a0: ${value}`,
    page: (page, pages) => `Page ${page} sur ${pages}`,
    customerNumber: 'Numéro client',
    vatNumber: 'N° TVA',
    phone: 'Tél.',
    email: 'E-mail',
    invoiceNumber: 'Numéro de facture',
    invoiceDate: 'Date de facture',
    dueDate: "Date d'échéance",
    orderNumber: 'Numéro de commande',
    orderDate: 'Date de commande',
    customerReference: 'Votre référence',
    shippingNoteNumber: 'Numéro du bon de livraison',
    deliveryDate: 'Date de livraison',
    sendingNumber: 'Numéro de suivi',
    deliveryAddress: 'Adresse de livraison',
    offerNumber: "Numéro d'offre",
    offerDate: "Date de l'offre",
    validUntil: "Valable jusqu'au",
    comment: 'Votre commentaire',
    lineNumber: 'Pos.',
    productNumber: 'Réf. article',
    description: 'Désignation',
    quantity: 'Quantité',
    unitPrice: 'Prix unitaire',
    lineTotal: 'Montant',
    customerArticleNumber: 'Votre réf. article',
    goods: 'Marchandises',
    deliveryCost: 'Frais de livraison',
    additionalCost: 'Frais supplémentaires',
    net: 'Total HT',
    vat: (rate, base) => `TVA ${rate} sur ${base}`,
    total: 'Total TTC',
    payableBy: (date) => `Payable au plus tard le ${date}, sans escompte.`,
    receivedBy: 'Reçu par',
    receivedAt: 'Reçu le',
    signature: 'Signature',
  },
  'nl-NL': {
    invoice: 'Factuur',
    proofOfDelivery: 'Afleverbewijs',
    offer: 'Offerte',
    field: (label, value) => `${label}: ${value}`,
    page: (page, pages) => `Pagina ${page} van ${pages}`,
    customerNumber: 'Klantnummer',
    vatNumber: 'Btw-nummer',
    phone: 'Tel.',
    email: 'E-mail',
    invoiceNumber: 'Factuurnummer',
    invoiceDate: 'Factuurdatum',
    dueDate: 'Vervaldatum',
    orderNumber: 'Bestelnummer',
    orderDate: 'Besteldatum',
    customerReference: 'Uw referentie',
    shippingNoteNumber: 'Pakbonnummer',
    deliveryDate: 'Leverdatum',
    sendingNumber: 'Zendingnummer',
    deliveryAddress: 'Leveradres',
    offerNumber: 'Offertenummer',
    offerDate: 'Offertedatum',
    validUntil: 'Geldig tot',
    comment: 'Uw opmerking',
    lineNumber: 'Pos.',
    productNumber: 'Artikelnr.',
    description: 'Omschrijving',
    quantity: 'Aantal',
    unitPrice: 'Stukprijs',
    lineTotal: 'Totaal',
    customerArticleNumber: 'Uw artikelnr.',
    goods: 'Goederen',
    deliveryCost: 'Verzendkosten',
    additionalCost: 'Bijkomende kosten',
    net: 'Totaal excl. btw',
    vat: (rate, base) => `Btw ${rate} over ${base}`,
    total: 'Totaal incl. btw',
    payableBy: (date) => `Te betalen vóór ${date} zonder aftrek.`,
    receivedBy: 'Ontvangen door',
    receivedAt: 'Ontvangen op',
    signature: 'Handtekening',
  },
};
