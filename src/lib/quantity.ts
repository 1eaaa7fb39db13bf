/**
 * Quantity rules of the quantity counter and the cart.
 *
 * A quantity is valid when it is at least the minimum purchase (`min`, Shopware's `minPurchase` /
 * `minSalesQuantity`), at most the maximum purchase (`max`, `null` = no limit) and `(value − min)` is a whole
 * multiple of the purchase step (`step`, Shopware's `purchaseSteps`). All arithmetic happens in hundredths held as
 * integers, so `0.1 + 0.2` style float drift never decides whether a quantity is valid.
 *
 * Units: pieces (or the product's sales unit, which may be fractional, e.g. 0.5 m).
 */

/** Error code shown when a quantity breaks the rules. */
export const QUANTITY_INVALID = 'counter.invalid';

/** Default minimum purchase and purchase step (Default counter minimum and step 1). */
export const DEFAULT_MIN_QUANTITY = 1;
export const DEFAULT_QUANTITY_STEP = 1;

/** Delay before a held plus/minus button starts repeating, in milliseconds. */
export const COUNTER_HOLD_DELAY_MS = 300;
/** Repeat interval of a held plus/minus button, in milliseconds. */
export const COUNTER_REPEAT_MS = 50;

/** The purchase rules of one product, in the product's sales unit. */
export interface QuantityRules {
  /** Minimum purchase; values at or below 0 or not finite fall back to 1. */
  min: number;
  /** Maximum purchase; `null` means unlimited. A maximum below `min` allows only `min`. */
  max: number | null;
  /** Purchase step; values at or below 0 or not finite fall back to 1. */
  step: number;
}

/** Rules converted to integer hundredths, the unit all calculations below use. */
interface Grid {
  min: number;
  /** Highest valid value on the grid, or `null` when unlimited. */
  max: number | null;
  step: number;
}

/**
 * Converts a number to integer hundredths, rounding half away from zero at the third decimal.
 * Rounds on the decimal string, not on `value * 100`, because `1.005 * 100` is `100.49999…` in binary floats.
 */
function toHundredths(value: number): number {
  const [whole = '0', fraction = ''] = Math.abs(value).toFixed(3).split('.');
  const thousandths = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  const rounded = Math.floor((thousandths + 5) / 10);
  return value < 0 ? -rounded : rounded;
}

/** Formats integer hundredths as a plain decimal string without trailing zeros: 150 → "1.5", 105 → "1.05". */
function formatHundredths(hundredths: number): string {
  const sign = hundredths < 0 ? '-' : '';
  const abs = Math.abs(hundredths);
  const whole = Math.floor(abs / 100);
  const fraction = abs % 100;
  if (fraction === 0) return `${sign}${whole}`;
  return `${sign}${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}

function toGrid(rules: QuantityRules): Grid {
  const min =
    Number.isFinite(rules.min) && rules.min > 0 ? toHundredths(rules.min) : toHundredths(DEFAULT_MIN_QUANTITY);
  const rawStep = Number.isFinite(rules.step) && rules.step > 0 ? toHundredths(rules.step) : 0;
  const step = rawStep > 0 ? rawStep : toHundredths(DEFAULT_QUANTITY_STEP);
  if (rules.max === null || !Number.isFinite(rules.max)) return { min, max: null, step };
  const max = toHundredths(rules.max);
  // The highest grid point not above max; a max below min leaves min as the only valid value.
  return { min, max: max < min ? min : min + Math.floor((max - min) / step) * step, step };
}

function fromHundredths(hundredths: number): number {
  return Number(formatHundredths(hundredths));
}

/**
 * Parses what a buyer typed into a quantity. Accepts a dot or a comma as decimal separator ("1,5" and "1.5") and
 * surrounding whitespace; rounds to two decimals.
 *
 * @returns the quantity, or `null` when the text is empty or not a plain decimal number (e.g. "abc", "1e3", "1.2.3").
 */
export function parseQuantity(text: string): number | null {
  const normalised = text.trim().replace(',', '.');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(normalised)) return null;
  return fromHundredths(toHundredths(Number(normalised)));
}

/** Formats a quantity for the counter's input: dot as decimal separator, at most two decimals, no trailing zeros. */
export function formatQuantity(value: number): string {
  return formatHundredths(toHundredths(value));
}

/**
 * Checks a quantity against the rules.
 *
 * @returns `null` when valid, otherwise the error code {@link QUANTITY_INVALID}: below min, above max, not on the
 *   step grid `min + k × step`, or not a number (`null` / NaN).
 */
export function validateQuantity(value: number | null, rules: QuantityRules): typeof QUANTITY_INVALID | null {
  if (value === null || !Number.isFinite(value)) return QUANTITY_INVALID;
  const grid = toGrid(rules);
  const v = toHundredths(value);
  if (v < grid.min) return QUANTITY_INVALID;
  if (grid.max !== null && v > grid.max) return QUANTITY_INVALID;
  return (v - grid.min) % grid.step === 0 ? null : QUANTITY_INVALID;
}

/**
 * Snaps a quantity to the nearest valid value `min + k × step` (halfway rounds up), computed in hundredths
 * (Value snaps to min + k*step with two-decimal arithmetic; above max becomes max, below min
 * becomes min). A max that is not on the grid is snapped down to the highest valid value below it.
 *
 * @param value the entered quantity; `null` or NaN (empty or unreadable input) becomes `min`.
 * @returns a valid quantity.
 */
export function normaliseQuantity(value: number | null, rules: QuantityRules): number {
  const grid = toGrid(rules);
  if (value === null || !Number.isFinite(value)) return fromHundredths(grid.min);
  const v = toHundredths(value);
  if (v <= grid.min) return fromHundredths(grid.min);
  if (grid.max !== null && v >= grid.max) return fromHundredths(grid.max);
  const k = Math.floor((v - grid.min + grid.step / 2) / grid.step);
  const snapped = grid.min + k * grid.step;
  return fromHundredths(grid.max !== null && snapped > grid.max ? grid.max : snapped);
}

/**
 * The next valid quantity above `value`: one step up from a valid value, the next grid point from a value between
 * steps; capped at max. `null` (unreadable input) counts as `min`.
 */
export function increaseQuantity(value: number | null, rules: QuantityRules): number {
  const grid = toGrid(rules);
  if (value === null || !Number.isFinite(value)) return fromHundredths(grid.min);
  const v = toHundredths(value);
  const next = v < grid.min ? grid.min : grid.min + (Math.floor((v - grid.min) / grid.step) + 1) * grid.step;
  return fromHundredths(grid.max !== null && next > grid.max ? grid.max : next);
}

/**
 * The next valid quantity below `value`: one step down from a valid value, the previous grid point from a value
 * between steps; never below min. `null` (unreadable input) counts as `min`.
 */
export function decreaseQuantity(value: number | null, rules: QuantityRules): number {
  const grid = toGrid(rules);
  if (value === null || !Number.isFinite(value)) return fromHundredths(grid.min);
  const v = toHundredths(value);
  if (grid.max !== null && v > grid.max) return fromHundredths(grid.max);
  const previous = grid.min + (Math.ceil((v - grid.min) / grid.step) - 1) * grid.step;
  return fromHundredths(previous < grid.min ? grid.min : previous);
}
