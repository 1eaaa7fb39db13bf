/**
 * Calculated prices for logged-in contexts: Shopware's `calculatedPrice` / `calculatedPrices` built from the
 * product's `product_price` rows (BMEcat ARTICLE_PRICE tiers).
 *
 * Rules:
 * - B2B prices are net (the customer group shows net, `displayGross: false`): `unitPrice` and `totalPrice` are net,
 *   `calculatedTaxes[0].tax` is the VAT on `totalPrice` at the product's `taxRate` (percent), so gross = total + tax.
 * - Price type preference: `net_customer` over `net_list`; `gros_list` (gross) is converted to net with the rate.
 *   A `net_list` above the chosen customer price becomes `listPrice` (Shopware's strike-through price).
 * - `amount` is the price of `priceQuantity` order units (BMEcat PRICE_QUANTITY): the unit price is
 *   amount ÷ priceQuantity, kept to 5 decimals; totals and taxes are rounded half-up to the currency's 2 decimals.
 * - Tiers start at `lowerBound` (BMEcat LOWER_BOUND); `calculatedPrices` lists one entry per tier whose `quantity` is
 *   the last quantity of the tier (the last tier: its lower bound), as Shopware does.
 * - Rows outside their validity window (`validFrom`/`validTo`) or in another currency are ignored.
 *
 * All arithmetic is on scaled integers (BigInt) from the decimal strings of `numeric` columns; numbers appear only in
 * the JSON wire format, which Shopware defines as numbers.
 */

export interface PriceRow {
  priceType: string;
  lowerBound: number;
  /** Decimal string, up to 5 decimals. */
  amount: string;
  /** Decimal string, default "1". */
  priceQuantity: string;
  currency: string;
  validFrom?: Date | string | null;
  validTo?: Date | string | null;
}

export interface CalculatedPrice {
  unitPrice: number;
  quantity: number;
  totalPrice: number;
  calculatedTaxes: { tax: number; taxRate: number; price: number; apiAlias: 'cart_tax_calculated' }[];
  taxRules: { taxRate: number; percentage: number }[];
  referencePrice: null;
  listPrice: { price: number; discount: number; percentage: number; apiAlias: 'cart_list_price' } | null;
  regulationPrice: null;
  apiAlias: 'calculated_price';
}

const SCALE = 5;

/** Parses a decimal string into an integer scaled by 10^scale (half-up beyond `scale` digits). */
export function toScaled(decimal: string, scale = SCALE): bigint {
  const m = /^(-)?(\d*)(?:\.(\d*))?$/.exec(decimal.trim());
  if (!m) throw new Error(`Not a decimal: ${decimal}`);
  const [, sign, intPart = '0', frac = ''] = m;
  const padded = (frac + '0'.repeat(scale + 1)).slice(0, scale + 1);
  let value = BigInt((intPart || '0') + padded.slice(0, scale));
  if (Number(padded[scale]) >= 5) value += 1n;
  return sign ? -value : value;
}

/** a ÷ b rounded half-up (both non-negative). */
function divRound(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new Error('Division by zero');
  return (a * 2n + b) / (2n * b);
}

/** A scaled integer as a JSON number with `scale` decimals. */
function toNumber(value: bigint, scale: number): number {
  const neg = value < 0n;
  const s = (neg ? -value : value).toString().padStart(scale + 1, '0');
  const str = scale > 0 ? `${s.slice(0, -scale)}.${s.slice(-scale)}` : s;
  return Number(neg ? `-${str}` : str);
}

function isValid(row: PriceRow, now: Date): boolean {
  const from = row.validFrom ? new Date(row.validFrom) : null;
  const to = row.validTo ? new Date(row.validTo) : null;
  return (!from || from <= now) && (!to || to >= now);
}

interface NetTier {
  lowerBound: number;
  /** Net unit price scaled 10^5 per order unit. */
  unit: bigint;
  /** Net list unit price scaled 10^5, when higher than `unit`. */
  list: bigint | null;
}

/** Net price per order unit, scaled 10^5, of one row at `taxRate` percent (scaled 10^2). */
function netUnit(row: PriceRow, rate2: bigint): bigint {
  const amount = toScaled(row.amount, SCALE);
  const pq = toScaled(row.priceQuantity || '1', 4);
  let unit = divRound(amount * 10_000n, pq);
  if (row.priceType.startsWith('gros')) unit = divRound(unit * 10_000n, 10_000n + rate2);
  return unit;
}

/**
 * The net price tiers of a product in one currency, lowest bound first, or [] when no valid price exists.
 *
 * @param taxRate VAT percent as a decimal string ("19.00").
 */
export function netTiers(rows: PriceRow[], taxRate: string, currency = 'EUR', now = new Date()): NetTier[] {
  const rate2 = toScaled(taxRate, 2);
  const valid = rows.filter((r) => r.currency === currency && isValid(r, now));
  const pick = (types: (t: string) => boolean) => valid.filter((r) => types(r.priceType));
  let chosen = pick((t) => t === 'net_customer');
  if (!chosen.length) chosen = pick((t) => t === 'net_list');
  if (!chosen.length) chosen = pick((t) => t.startsWith('gros'));
  if (!chosen.length) return [];
  const listRows = chosen[0]?.priceType === 'net_customer' ? pick((t) => t === 'net_list') : [];
  const byBound = new Map<number, PriceRow>();
  for (const r of chosen) if (!byBound.has(r.lowerBound)) byBound.set(r.lowerBound, r);
  return [...byBound.values()]
    .sort((a, b) => a.lowerBound - b.lowerBound)
    .map((r) => {
      const unit = netUnit(r, rate2);
      const listRow = [...listRows]
        .filter((l) => l.lowerBound <= r.lowerBound)
        .sort((a, b) => b.lowerBound - a.lowerBound)[0];
      const list = listRow ? netUnit(listRow, rate2) : null;
      return { lowerBound: Math.max(1, r.lowerBound), unit, list: list !== null && list > unit ? list : null };
    });
}

/** A scaled integer (non-negative) as a decimal string with exactly `scale` decimals, e.g. 1400n, 5 → "0.01400". */
function decimalString(value: bigint, scale: number): string {
  const s = value.toString().padStart(scale + 1, '0');
  return `${s.slice(0, -scale)}.${s.slice(-scale)}`;
}

/**
 * The price a listing sorts and filters by: the net unit price of the first tier `netTiers` chooses, i.e. the
 * `calculatedPrice.unitPrice` a buyer who may see prices is shown, as a decimal string with 5 decimals
 * ("0.01400" for 1.40 per 100 pieces); undefined when the product has no valid price in `currency`.
 */
export function listingUnitPrice(
  rows: PriceRow[],
  taxRate: string,
  currency = 'EUR',
  now = new Date(),
): string | undefined {
  const first = netTiers(rows, taxRate, currency, now)[0];
  return first ? decimalString(first.unit, SCALE) : undefined;
}

/**
 * Shopware's CalculatedPrice for `quantity` order units of one tier.
 *
 * @param unit net unit price scaled 10^5.
 * @param taxRate VAT percent as a decimal string.
 */
function calculatePrice(unit: bigint, quantity: number, taxRate: string, list: bigint | null = null): CalculatedPrice {
  const rate2 = toScaled(taxRate, 2);
  const total2 = divRound(unit * BigInt(quantity), 1000n); // 10^5 → 10^2
  const tax2 = divRound(total2 * rate2, 10_000n);
  const rate = toNumber(rate2, 2);
  let listPrice: CalculatedPrice['listPrice'] = null;
  if (list !== null) {
    const list2 = divRound(list * BigInt(quantity), 1000n);
    const discount2 = list2 - total2;
    listPrice = {
      price: toNumber(divRound(list, 1000n), 2),
      discount: toNumber(-discount2, 2),
      percentage: list2 > 0n ? toNumber(divRound(discount2 * 10_000n, list2), 2) : 0,
      apiAlias: 'cart_list_price',
    };
  }
  return {
    unitPrice: toNumber(unit, SCALE),
    quantity,
    totalPrice: toNumber(total2, 2),
    calculatedTaxes: [
      { tax: toNumber(tax2, 2), taxRate: rate, price: toNumber(total2, 2), apiAlias: 'cart_tax_calculated' },
    ],
    taxRules: [{ taxRate: rate, percentage: 100 }],
    referencePrice: null,
    listPrice,
    regulationPrice: null,
    apiAlias: 'calculated_price',
  };
}

/**
 * `calculatedPrice` (one unit at the first tier) and `calculatedPrices` (one entry per tier; empty when there is only
 * one tier, as in Shopware) of a product, or null when it has no valid price in `currency`.
 */
export function calculateProductPrices(
  rows: PriceRow[],
  taxRate: string,
  currency = 'EUR',
  now = new Date(),
): { calculatedPrice: CalculatedPrice; calculatedPrices: CalculatedPrice[] } | null {
  const tiers = netTiers(rows, taxRate, currency, now);
  const first = tiers[0];
  if (!first) return null;
  const calculatedPrice = calculatePrice(first.unit, 1, taxRate, first.list);
  const calculatedPrices =
    tiers.length > 1
      ? tiers.map((t, i) => {
          const next = tiers[i + 1];
          const quantity = next ? next.lowerBound - 1 : t.lowerBound;
          return calculatePrice(t.unit, quantity, taxRate, t.list);
        })
      : [];
  return { calculatedPrice, calculatedPrices };
}

/** Gross amount of a calculated price (net total plus its taxes), as a JSON number with 2 decimals. */
export function grossTotal(price: CalculatedPrice): number {
  const cents = price.calculatedTaxes.reduce(
    (sum, t) => sum + toScaled(String(t.tax), 2),
    toScaled(String(price.totalPrice), 2),
  );
  return toNumber(cents, 2);
}

/** A price scaled by 10^5 as a decimal string with 2 to 5 decimals (trailing zeros beyond the 2nd dropped). */
export function formatUnitPrice(scaled: bigint): string {
  const [whole, frac = ''] = decimalString(scaled, SCALE).split('.');
  return `${whole}.${frac.replace(/0+$/, '').padEnd(2, '0')}`;
}

/**
 * The net unit price (scaled 10^5) of the tier that applies to `quantity` order units: the tier with the highest
 * lower bound not above the quantity (BMEcat LOWER_BOUND); undefined when the product has no valid price.
 */
export function unitPriceForQuantity(
  rows: PriceRow[],
  taxRate: string,
  quantity: number,
  currency = 'EUR',
  now = new Date(),
): bigint | undefined {
  return netTiers(rows, taxRate, currency, now)
    .filter((t) => t.lowerBound <= Math.max(1, quantity))
    .at(-1)?.unit;
}

/** A line total in cents: unit price (scaled 10^5) × quantity, rounded half-up to cents once. */
export function lineTotalCents(unit: bigint, quantity: number): number {
  return Number(divRound(unit * BigInt(quantity), 1000n));
}

/** A cent amount × `percent` (decimal string) ÷ 100, rounded half-up to cents (non-negative inputs). */
export function percentOfCents(cents: number, percent: string): number {
  return Number(divRound(BigInt(cents) * toScaled(percent, 2), 10_000n));
}

/** Cents as a JSON number in euros with 2 decimals (1995 → 19.95). */
export function centsToNumber(cents: number): number {
  return toNumber(BigInt(cents), 2);
}
