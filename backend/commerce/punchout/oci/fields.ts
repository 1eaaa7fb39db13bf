/**
 * The cart as SAP OCI 4.0/5.0 carries it back to the buyer's system: the `NEW_ITEM-<FIELD>[n]` fields of the
 * return form (SAP OCI 4.0 inbound section; OCI 5.0 for ITEM_TYPE/PARENT_ID).
 *
 * Rules applied (SAP OCI 4.0/5.0 inbound section, field table and notes):
 * - "The field type is always CHAR. The index starts with 1": lines are numbered 1, 2, 3 … without gaps.
 * - Numbers: a dot as decimal separator, no thousands separator, no sign, no spaces, at most 11 digits before and 3
 *   after the dot, at most 15 characters. QUANTITY always has exactly 3 decimals; PRICE has the currency's minor
 *   digits (2 for EUR) and is the price per PRICEUNIT; PRICEUNIT is always sent (a buyer's system resets an absent
 *   one differently): 1, or 10, 100, … for an article whose price per piece is below the currency's minor unit.
 * - DESCRIPTION is at most 40 characters (SAP cuts silently, so the shop cuts on a character boundary itself); the
 *   full name and the description go into the long text `NEW_ITEM-LONGTEXT_<n>:132[]` (index inside the name, empty
 *   brackets: `NEW_ITEM-LONGTEXT[n]` makes SAP SRM attach every long text to item 1).
 * - UNIT is the buyer's ISO unit code of at most 3 characters (SAP table T006, ISO code), from the company's unit
 *   mapping; anything longer is a configuration error, reported rather than sent (SAP drops such lines silently).
 * - VENDORMAT is the shop's article number, EXT_PRODUCT_ID the catalog key the buyer sends back with FUNCTION=DETAIL
 *   and VALIDATE; MATNR (the buyer's own material number) only when configured and known.
 * - EXT_SCHEMA_TYPE comes with every EXT_CATEGORY_ID/EXT_CATEGORY.
 * - Every value is cut to the field's maximum length (`OCI_FIELD_MAX_LENGTH`); control characters are removed and
 *   single-line fields have their white space collapsed.
 */
import { PunchOutInputError } from '../errors.ts';
import type { OciSettings, PunchOutLine } from '../punchout-line.ts';

import { OCI_FIELD_MAX_LENGTH, OCI_NUMBER_PATTERN, type OciItemField } from '../../../../contract/oci.ts';

/** `NEW_ITEM-<field>[<index>]`, index from 1. */
export function ociFieldName(field: OciItemField, index: number): string {
  return `NEW_ITEM-${field}[${index}]`;
}

/** `NEW_ITEM-LONGTEXT_<index>:132[]`: the long text of item `index` (132 = SAPscript line width). */
export function ociLongTextFieldName(index: number): string {
  return `NEW_ITEM-LONGTEXT_${index}:132[]`;
}

/**
 * An integer amount of `10^-decimals` units written as an OCI number: `formatOciDecimal(1234n, 2)` is `12.34` (cents
 * to euros), `formatOciDecimal(2500, 3)` is `2.500`, `formatOciDecimal(7, 0)` is `7`. No sign, no thousands
 * separator, a dot.
 *
 * @throws RangeError for a negative or non-integer value, or `decimals` outside 0–3.
 */
export function formatOciDecimal(value: number | bigint, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 3) {
    throw new RangeError(`OCI numbers have 0 to 3 decimals, not ${decimals}.`);
  }
  if (typeof value === 'number' && !Number.isSafeInteger(value)) {
    throw new RangeError(`${value} is not an integer amount of minor units.`);
  }
  const units = BigInt(value);
  if (units < 0n) throw new RangeError(`OCI numbers have no sign: ${value}.`);
  const digits = units.toString().padStart(decimals + 1, '0');
  if (decimals === 0) return digits;
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * A quantity in order units as OCI's QUANTITY: rounded to, and written with, exactly 3 decimals (`2.5` → `2.500`).
 *
 * @throws PunchOutInputError `quantity-out-of-range` when the quantity is not a number, not above 0 after rounding,
 *   or has more than 11 digits before the dot.
 */
export function formatOciQuantity(quantity: number): string {
  const thousandths = Math.round(quantity * 1000);
  const text = Number.isSafeInteger(thousandths) && thousandths > 0 ? formatOciDecimal(thousandths, 3) : '';
  if (!OCI_NUMBER_PATTERN.test(text)) {
    throw new PunchOutInputError(
      'quantity-out-of-range',
      `The quantity ${quantity} cannot be sent as an OCI QUANTITY.`,
    );
  }
  return text;
}

/** Digits of the minor unit of an ISO 4217 currency (EUR 2, JPY 0, KWD 3), as Intl (CLDR) knows them. */
export function currencyMinorDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * A price per one order unit, in minor units of `currency`, as OCI's PRICE (per PRICEUNIT 1): the currency's minor
 * digits after the dot (`1234n` EUR → `12.34`).
 *
 * @throws PunchOutInputError `price-out-of-range` for a negative price or one with more than 11 digits before the
 *   dot; `currency-not-supported` for a currency with more than 3 minor digits.
 */
export function formatOciPrice(unitPrice: bigint, currency: string): string {
  const digits = currencyMinorDigits(currency);
  if (digits > 3) {
    throw new PunchOutInputError(
      'currency-not-supported',
      `OCI prices have at most 3 decimals; ${currency} has ${digits}.`,
    );
  }
  const text = unitPrice >= 0n ? formatOciDecimal(unitPrice, digits) : '';
  if (!OCI_NUMBER_PATTERN.test(text)) {
    throw new PunchOutInputError(
      'price-out-of-range',
      `The price ${unitPrice} ${currency} cannot be sent as an OCI PRICE.`,
    );
  }
  return text;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * `value` cut to at most `max` UTF-16 code units (what a Unicode SAP system counts as characters) on a character
 * boundary: a surrogate pair or a letter with its combining accents is kept whole or dropped whole. Trailing white
 * space left by the cut is removed.
 */
export function cutOciValue(value: string, max: number): string {
  if (value.length <= max) return value;
  let length = 0;
  for (const { segment } of graphemes.segment(value)) {
    if (length + segment.length > max) break;
    length += segment.length;
  }
  return value.slice(0, length).trimEnd();
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** Text with control characters removed and line ends as `\n`, trimmed. */
function cleanText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim();
}

/** Text on one line: control characters removed, every run of white space one space, trimmed. */
function oneLine(value: string): string {
  return cleanText(value).replace(/\s+/g, ' ');
}

/**
 * The buyer's ISO unit for a shop unit: the company's mapping (`unitMap`), else the shop unit itself.
 *
 * @throws PunchOutInputError `unit-not-mapped` naming the unit when the result is empty or longer than 3 characters
 *   (OCI UNIT is the 3-character ISO code of SAP table T006; the company's unit mapping needs an entry).
 */
export function ociUnit(unit: string, unitMap: Readonly<Record<string, string>>): string {
  const mapped = Object.hasOwn(unitMap, unit) ? unitMap[unit] : undefined;
  const code = oneLine(mapped ?? unit);
  if (code === '' || code.length > OCI_FIELD_MAX_LENGTH.UNIT) {
    throw new PunchOutInputError(
      'unit-not-mapped',
      mapped === undefined
        ? `The order unit "${unit}" is longer than 3 characters: map it to the buyer's ISO unit code in the OCI settings.`
        : `The order unit "${unit}" is mapped to "${mapped}", which is not an ISO unit code of 1 to 3 characters.`,
    );
  }
  return code;
}

/** LEADTIME: whole days (rounded up), at most 5 digits; null when unknown or not a sensible number. */
function leadTime(days: number | null): string | null {
  if (days === null || !Number.isFinite(days) || days < 0) return null;
  return String(Math.min(Math.ceil(days), 99_999));
}

/**
 * The `NEW_ITEM-*` fields of a cart, in line order, fields of one line together.
 *
 * Per line `n` (from 1): DESCRIPTION (the name on one line, cut to 40; the article number if the name is blank),
 * MATNR (only with `settings.customerMaterialNumber` and a customer article number), QUANTITY (3 decimals), UNIT
 * (see `ociUnit`), PRICE (per PRICEUNIT, the currency's minor digits), CURRENCY, PRICEUNIT (the line's `priceUnit`), LEADTIME (when known,
 * whole days), `LONGTEXT_n:132[]` (full name, then a blank line and the description; only when the name was cut or
 * a description exists), VENDOR (`settings.vendorNumber`, when set), VENDORMAT (article number), MANUFACTMAT (when
 * known), EXT_PRODUCT_ID (product id), then from the first classification of the system `settings.classification`
 * the line has: MATGROUP and EXT_CATEGORY_ID (the code), EXT_SCHEMA_TYPE (`ECLASS`/`UNSPSC`), EXT_CATEGORY (its name,
 * when known); with `settings.oci5Hierarchy` ITEM_TYPE `R` and an empty PARENT_ID (every line is a root: lines have
 * no parent lines). Optional fields without a value are left out. Values are cut to `OCI_FIELD_MAX_LENGTH`.
 *
 * PRICE × QUANTITY / PRICEUNIT is the buyer's line value; it equals the line total when the cart computed that as
 * unit price × quantity (exactly for whole quantities; for fractional ones up to the cart's rounding to minor units).
 *
 * @throws PunchOutInputError `too-many-lines` (more lines than `settings.maxLines`), `mixed-currency` (lines in
 *   different currencies), `currency-invalid`, `unit-not-mapped`, `quantity-out-of-range`, `price-out-of-range`,
 *   `currency-not-supported`.
 */
export function ociItemFields(lines: readonly PunchOutLine[], settings: OciSettings): [string, string][] {
  if (lines.length > settings.maxLines) {
    throw new PunchOutInputError(
      'too-many-lines',
      `The cart has ${lines.length} lines; this buyer takes at most ${settings.maxLines} per transfer.`,
    );
  }
  const currencies = new Set(lines.map((line) => line.currency));
  if (currencies.size > 1) {
    throw new PunchOutInputError('mixed-currency', `The cart mixes currencies (${[...currencies].join(', ')}).`);
  }
  const fields: [string, string][] = [];
  lines.forEach((line, i) => {
    const n = i + 1;
    const put = (field: OciItemField, value: string | null | undefined) => {
      const text = value == null ? '' : oneLine(value);
      if (text !== '') fields.push([ociFieldName(field, n), cutOciValue(text, OCI_FIELD_MAX_LENGTH[field])]);
    };
    const currency = line.currency.trim().toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) {
      throw new PunchOutInputError('currency-invalid', `"${line.currency}" is not an ISO 4217 currency code.`);
    }
    const name = oneLine(line.name);
    const description = cleanText(line.description);

    put('DESCRIPTION', name || line.productNumber);
    if (settings.customerMaterialNumber) put('MATNR', line.customerProductNumber);
    put('QUANTITY', formatOciQuantity(line.quantity));
    put('UNIT', ociUnit(line.unit, settings.unitMap));
    put('PRICE', formatOciPrice(line.unitPrice, currency));
    put('CURRENCY', currency);
    put('PRICEUNIT', String(line.priceUnit));
    put('LEADTIME', leadTime(line.leadTimeDays));
    if (name.length > OCI_FIELD_MAX_LENGTH.DESCRIPTION || description !== '') {
      fields.push([ociLongTextFieldName(n), description === '' ? name : `${name}\n\n${description}`]);
    }
    put('VENDOR', settings.vendorNumber);
    put('VENDORMAT', line.productNumber);
    put('MANUFACTMAT', line.manufacturerNumber);
    put('EXT_PRODUCT_ID', line.productId);
    const classification = line.classifications.find(
      (c) => c.system === settings.classification && oneLine(c.code) !== '',
    );
    if (classification) {
      put('MATGROUP', classification.code);
      put('EXT_SCHEMA_TYPE', classification.system);
      put('EXT_CATEGORY_ID', classification.code);
      put('EXT_CATEGORY', classification.name);
    }
    if (settings.oci5Hierarchy) {
      put('ITEM_TYPE', 'R');
      fields.push([ociFieldName('PARENT_ID', n), '']);
    }
  });
  return fields;
}
