/**
 * The demo seller as the simulated ERP knows it: the supplier party printed on its invoices, delivery notes and
 * offers, and the keys that identify its orders (firm and warehouse). A fictitious Belgian company with a documented
 * IBAN test number; a real connector prints the supplier's own master data instead.
 */
import type { DocumentSupplier } from '../documents/types.ts';

/** The supplier on every document of the simulated ERP. */
export const SUPPLIER: DocumentSupplier = {
  name: 'Werkbank Technische Handel NV',
  addressLines: ['Noorderlaan 118', '2030 Antwerpen', 'België'],
  vatNumber: 'BE0123456749',
  email: 'orders@werkbank.example',
  phone: '+32 3 555 01 00',
  // A syntactically valid Belgian IBAN (ISO 13616 check digits) of no real account.
  iban: 'BE68 5390 0754 7034',
  bic: 'GKCCBEBB',
  register: 'RPR Antwerpen 0123.456.749',
};

/** The supplier's firm (legal entity) in the ERP: one firm sells to every country. */
export const SUPPLIER_FIRM = '01';

/**
 * The dispatching warehouse by delivery country (ISO 3166-1 alpha-2): Antwerp serves Belgium and every country
 * without its own warehouse, Vienna serves Austria.
 */
export function warehouseFor(countryCode: string): string {
  return countryCode.toUpperCase() === 'AT' ? 'VIE' : 'ANT';
}

/** Days between an invoice and its due date (payment on invoice). */
export const PAYMENT_TERM_DAYS = 30;
/** Days between an invoice of an order paid in advance and its due date. */
export const PREPAYMENT_TERM_DAYS = 2;
