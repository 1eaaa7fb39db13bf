/**
 * The cart as a CSV file for spreadsheets: one row per product line with article number, name, quantity, unit, unit
 * price, line price and remark, written with papaparse.
 *
 * Spreadsheets read CSV with the separators of the user's regional settings: where the decimal separator is a comma
 * (German, French, Dutch) the field separator is a semicolon, in English a comma with a decimal point. Numbers are
 * written without grouping so that a spreadsheet reads them as numbers. Cells that a spreadsheet would run as a
 * formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) get the shop's one guard (contract/csv-formula.ts).
 */
import Papa from 'papaparse';
import { CSV_FORMULA_GUARD } from '../../../contract/csv-formula.ts';
import { unitName, type UnitTranslator } from '../../i18n/format.ts';
import type { Locale, MessageKey } from '../../i18n/locales.ts';
import { productLineItems, type Cart } from './cart-store.ts';
import { saveFile } from '../download.ts';

/** Message keys of the column headings and unit names, for `islandMessages(locale, CART_CSV_MESSAGES)`. */
export const CART_CSV_MESSAGES = ['quickOrder.csv.', 'units.'] as const satisfies readonly `${string}.`[];

const HEADINGS = [
  'quickOrder.csv.productNumber',
  'quickOrder.csv.name',
  'quickOrder.csv.quantity',
  'quickOrder.csv.unit',
  'quickOrder.csv.unitPrice',
  'quickOrder.csv.totalPrice',
  'quickOrder.csv.remark',
] as const satisfies readonly MessageKey[];

/** Field separator and decimal separator of a locale's spreadsheets. */
export function csvSeparators(locale: Locale): { delimiter: ';' | ','; decimal: ',' | '.' } {
  return locale === 'en-GB' ? { delimiter: ',', decimal: '.' } : { delimiter: ';', decimal: ',' };
}

/** A number with `min`…`max` decimals, no grouping, in the locale's decimal separator. */
function decimal(value: number, locale: Locale, min: number, max: number): string {
  const text = value.toLocaleString('en-GB', {
    useGrouping: false,
    minimumFractionDigits: min,
    maximumFractionDigits: max,
  });
  return csvSeparators(locale).decimal === ',' ? text.replace('.', ',') : text;
}

/**
 * The product lines of `cart` as CSV text in `i18n.locale` (an island passes its `useI18n()`): a heading row (keys
 * `quickOrder.csv.*`), then per product line `payload.productNumber`, `label`, `quantity`, the order unit by name
 * (`payload.packUnit`, a UN/ECE Rec 20 code, named with `units.*` as format.ts `unitName` does), the unit price (2 to
 * 5 decimals, prices per unit may have 5 as in BMEcat) and the line price (2 decimals) in the cart's currency, and
 * the buyer's remark (`payload.customFields.order_detail_text`). Lines end with CRLF (RFC 4180). Promotion and
 * discount lines are left out.
 */
export function cartToCsv(cart: Cart, i18n: UnitTranslator): string {
  const { locale, t } = i18n;
  const rows = productLineItems(cart).map((line) => {
    const payload = line.payload;
    const remark: unknown = payload?.customFields?.order_detail_text;
    return [
      payload?.productNumber ?? '',
      line.label ?? '',
      decimal(line.quantity ?? 0, locale, 0, 2),
      unitName(i18n, line.quantity ?? 0, payload?.packUnit),
      line.price ? decimal(line.price.unitPrice, locale, 2, 5) : '',
      line.price ? decimal(line.price.totalPrice, locale, 2, 2) : '',
      typeof remark === 'string' ? remark : '',
    ];
  });
  return Papa.unparse([HEADINGS.map((key) => t(key)), ...rows], {
    delimiter: csvSeparators(locale).delimiter,
    newline: '\r\n',
    escapeFormulae: CSV_FORMULA_GUARD,
  });
}

/**
 * Offers `csv` as a file download named `fileName` (e.g. `cart-2026-11-23.csv`): a UTF-8 blob with a byte order
 * mark, which spreadsheets need to read the umlauts of a UTF-8 CSV, saved through a temporary link.
 */
export function downloadCsv(csv: string, fileName: string): void {
  saveFile(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), fileName);
}
