/**
 * Amounts of the Store API's cart and order answers: Shopware sends prices as JSON numbers in the currency's main
 * unit (euros), totals rounded to cents and unit prices with up to 5 decimals (docs/decisions/014). The translator
 * formats integer minor units (src/i18n/format.ts formatMoney); this reads a number into them without float noise.
 */
import { decimalToMinorUnits } from '../i18n/format.ts';

/** The currency of carts and orders (the sales channel's only currency). */
export const STORE_CURRENCY = 'EUR';

/** Most decimals a Store API amount carries (unit prices per BMEcat PRICE_QUANTITY). */
const MAX_AMOUNT_DECIMALS = 5;

/**
 * A Store API amount (euros as a JSON number) as integer minor units with the scale it needs: at least 2 decimals
 * (cents), up to 5 for a unit price below a cent. `12.3` → `{ minorUnits: 1230, scale: 2 }`, `0.014` →
 * `{ minorUnits: 14, scale: 3 }`. A non-finite number reads as 0.
 */
export function amountToMinorUnits(value: number): { minorUnits: number; scale: number } {
  if (!Number.isFinite(value)) return { minorUnits: 0, scale: 2 };
  return decimalToMinorUnits(value.toFixed(MAX_AMOUNT_DECIMALS)) ?? { minorUnits: Math.round(value * 100), scale: 2 };
}
