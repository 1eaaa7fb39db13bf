/**
 * VAT rates of the delivery country (docs/decisions/014-cart-and-orders.md): the cart and the order charge the VAT of
 * the country the goods are delivered to, at the rate of the product's tax class.
 *
 * Rates are the EU member states' published standard and (main) reduced rates (European Commission, "VAT rates
 * applied in the Member States of the European Union"). A product's `tax_rate` is the rate its catalogue gave it:
 * usually the shop's home country's (Belgium: 21 % standard; 6 % and 12 % reduced; 0 % zero), but a supplier's
 * catalogue may carry its own country's rate (a German BMEcat's `TAX` 0.19 or 0.07). The class is found from the
 * rate: 0 → zero, a reduced rate of Belgium or of a country in the table → reduced, anything else → standard. A
 * country missing from the table is charged at the home country's rates.
 *
 * Rates are decimal strings with 2 decimals ("21.00"), as `numeric(5,2)` columns hold them.
 */

/** The tax classes a product can be in. */
export type TaxClass = 'standard' | 'reduced' | 'zero';

interface CountryRates {
  standard: string;
  reduced: string;
}

/** Standard and main reduced VAT rate per ISO 3166-1 alpha-2 country code. */
export const VAT_RATES: Readonly<Record<string, CountryRates>> = {
  AT: { standard: '20.00', reduced: '10.00' },
  BE: { standard: '21.00', reduced: '6.00' },
  DE: { standard: '19.00', reduced: '7.00' },
  ES: { standard: '21.00', reduced: '10.00' },
  FR: { standard: '20.00', reduced: '5.50' },
  IT: { standard: '22.00', reduced: '10.00' },
  LU: { standard: '17.00', reduced: '8.00' },
  NL: { standard: '21.00', reduced: '9.00' },
};

/** The shop's home country, whose rates the products' `tax_rate` holds. */
export const HOME_COUNTRY = 'BE';

/** Belgium's reduced rates (6 % and 12 %). */
const HOME_REDUCED = ['6.00', '12.00'];

/** Every rate that names the reduced class: Belgium's and the table's reduced rates. */
const REDUCED = new Set([...HOME_REDUCED, ...Object.values(VAT_RATES).map((r) => r.reduced)]);

/** The rates a product may keep as they are at home: Belgium's own. */
const HOME_RATES = new Set(['21.00', ...HOME_REDUCED, '0.00']);

/** A percent decimal string normalised to 2 decimals ("6" → "6.00"). */
function normaliseRate(rate: string): string {
  const n = Number(rate);
  if (!Number.isFinite(n) || n < 0) throw new Error(`Not a tax rate: ${rate}`);
  return n.toFixed(2);
}

/**
 * The tax class of a product from its catalogue rate: 0 → zero, a reduced rate of Belgium or of a country in the
 * table (e.g. Germany's 7 %) → reduced, anything else → standard.
 */
export function taxClassOf(homeRate: string): TaxClass {
  const rate = normaliseRate(homeRate);
  if (rate === '0.00') return 'zero';
  return REDUCED.has(rate) ? 'reduced' : 'standard';
}

/**
 * The VAT rate for a product delivered to `countryCode`.
 *
 * @param homeRate the product's `tax_rate` (percent, decimal string), as its catalogue gave it.
 * @param countryCode ISO 3166-1 alpha-2; unknown countries get the home country's rates.
 * @returns the rate as a decimal string with 2 decimals.
 */
export function vatRateFor(homeRate: string, countryCode: string): string {
  const cls = taxClassOf(homeRate);
  if (cls === 'zero') return '0.00';
  const country = countryCode.toUpperCase();
  const rates = VAT_RATES[country];
  // At home (and where no rates are known) a Belgian rate applies as it is: it may be one of two reduced rates. A
  // rate of another country (a supplier's catalogue) is charged at the home country's rate of its class.
  if (country === HOME_COUNTRY || !rates) {
    const rate = normaliseRate(homeRate);
    return HOME_RATES.has(rate) ? rate : VAT_RATES[HOME_COUNTRY]![cls];
  }
  return rates[cls];
}
