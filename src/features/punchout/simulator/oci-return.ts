/**
 * What the procurement simulator reads from an OCI cart it received (`/punchout-test/oci-return`): the lines of the
 * `NEW_ITEM-<FIELD>[n]` fields and the findings of every rule a receiver can check from the form alone (SAP OCI
 * 4.0/5.0 inbound section, field table and conditions; SAP OCI 4.0 outbound section for the echoed `~` fields).
 * Pure: the fields in, the lines and findings out.
 */
import { OCI_FIELD_MAX_LENGTH, OCI_NUMBER_PATTERN } from '../../../../contract/oci.ts';

/** A field as received: `[name, value]`. */
export type ReturnField = readonly [name: string, value: string];

/** One line of the cart: its index and its fields by name (`DESCRIPTION`, `QUANTITY`, …), the long text apart. */
export interface OciLine {
  index: number;
  fields: Record<string, string>;
  /** `NEW_ITEM-LONGTEXT_<n>:132[]`, joined when it comes in several parts; null without one. */
  longText: string | null;
}

/** The fields of a received cart: its lines in index order, and every field that is not a line's. */
export interface OciReturn {
  lines: OciLine[];
  /** Fields outside `NEW_ITEM-…` (the echoed `~OkCode`, `~TARGET`, `~CALLER`, HOOK_URL's own parameters). */
  other: ReturnField[];
}

const ITEM_FIELD = /^NEW_ITEM-([A-Z0-9_]+)\[(\d+)\]$/i;
const LONG_TEXT = /^NEW_ITEM-LONGTEXT_(\d+):132\[\]$/i;

/** Reads the lines and the other fields of a received cart (names case-insensitive, as receivers read them). */
export function readOciReturn(fields: readonly ReturnField[]): OciReturn {
  const lines = new Map<number, OciLine>();
  const line = (index: number) => {
    let found = lines.get(index);
    if (!found) {
      found = { index, fields: {}, longText: null };
      lines.set(index, found);
    }
    return found;
  };
  const other: ReturnField[] = [];
  for (const [name, value] of fields) {
    const longText = LONG_TEXT.exec(name);
    if (longText) {
      const target = line(Number(longText[1]));
      target.longText = target.longText === null ? value : `${target.longText}${value}`;
      continue;
    }
    const item = ITEM_FIELD.exec(name);
    if (item) line(Number(item[2])).fields[item[1]!.toUpperCase()] = value;
    else other.push([name, value]);
  }
  return { lines: [...lines.values()].sort((a, b) => a.index - b.index), other };
}

/**
 * The rules checked, each an OCI statement a receiver can verify from the form:
 * - `indices`: line indices start at 1 and have no gaps;
 * - `required`: every line has QUANTITY, DESCRIPTION or MATNR, UNIT unless MATNR is given, CURRENCY with PRICE;
 * - `numbers`: QUANTITY and PRICE are digits with a dot and at most 3 decimals (11.3, no comma, no thousands
 *   separator, no spaces, at most 15 characters), QUANTITY with exactly 3 decimals;
 * - `priceUnit`: PRICEUNIT is present, a positive whole number of at most 5 digits;
 * - `unit`: UNIT has at most 3 characters (an ISO code of the buyer's unit table);
 * - `currency`: CURRENCY is an ISO 4217 code, the same on every line;
 * - `lengths`: DESCRIPTION at most 40 characters and every other field within its OCI 4.0/5.0 length;
 * - `longText`: long texts are named `NEW_ITEM-LONGTEXT_<n>:132[]` for an existing line, never `NEW_ITEM-LONGTEXT[n]`;
 * - `pairs`: EXT_SCHEMA_TYPE with EXT_CATEGORY_ID or EXT_CATEGORY, CONTRACT with CONTRACT_ITEM, EXT_QUOTE_ID with
 *   EXT_QUOTE_ITEM;
 * - `service`: SERVICE is `X` or absent;
 * - `supplierKeys`: VENDORMAT (the supplier's article number) and EXT_PRODUCT_ID (the catalogue key for DETAIL and
 *   VALIDATE) on every line;
 * - `leadTime`: LEADTIME, when given, is a whole number of days;
 * - `sapFields`: the echoed `~OkCode=ADDI` and `~CALLER=CTLG` are present.
 */
export const OCI_RULES = [
  'indices',
  'required',
  'numbers',
  'priceUnit',
  'unit',
  'currency',
  'lengths',
  'longText',
  'pairs',
  'service',
  'supplierKeys',
  'leadTime',
  'sapFields',
] as const;
export type OciRule = (typeof OCI_RULES)[number];

/** One violation: the line (when it is a line's), the field as named in the form and its value. */
export interface OciProblem {
  line: number | null;
  field: string;
  value: string | null;
}

/** The outcome of one rule: passed when it found no problem. */
export interface OciFinding {
  rule: OciRule;
  passed: boolean;
  problems: OciProblem[];
}

/** Maximum lengths of the OCI item fields (contract/oci.ts). */
export const OCI_FIELD_LENGTHS: Readonly<Record<string, number>> = OCI_FIELD_MAX_LENGTH;

const OCI_NUMBER = OCI_NUMBER_PATTERN;

/** `NEW_ITEM-FIELD[n]`, as the form names a line's field. */
function fieldName(field: string, line: number): string {
  return `NEW_ITEM-${field}[${line}]`;
}

/** The value of a field of the other fields, name compared case-insensitively; null when absent. */
function otherField(other: readonly ReturnField[], name: string): string | null {
  return other.find(([field]) => field.toLowerCase() === name.toLowerCase())?.[1] ?? null;
}

/** Checks a received cart against every rule of OCI_RULES, in that order. */
export function checkOciReturn(fields: readonly ReturnField[]): OciFinding[] {
  const { lines, other } = readOciReturn(fields);
  const problems = new Map<OciRule, OciProblem[]>(OCI_RULES.map((rule) => [rule, []]));
  const add = (rule: OciRule, line: number | null, field: string, value: string | null) =>
    problems.get(rule)!.push({ line, field, value });
  const has = (line: OciLine, field: string) => (line.fields[field] ?? '') !== '';

  // Lines with item fields; a long text alone makes no line (it is checked below).
  const itemLines = lines.filter((line) => Object.keys(line.fields).length > 0);
  itemLines.forEach((line, position) => {
    if (line.index !== position + 1) add('indices', line.index, fieldName('…', line.index), String(line.index));
  });

  const currencies = new Set<string>();
  for (const line of itemLines) {
    const n = line.index;
    const value = (field: string) => line.fields[field] ?? null;
    if (!has(line, 'QUANTITY')) add('required', n, fieldName('QUANTITY', n), value('QUANTITY'));
    if (!has(line, 'DESCRIPTION') && !has(line, 'MATNR')) add('required', n, fieldName('DESCRIPTION', n), null);
    if (!has(line, 'MATNR') && !has(line, 'UNIT')) add('required', n, fieldName('UNIT', n), value('UNIT'));
    if (has(line, 'PRICE') && !has(line, 'CURRENCY')) add('required', n, fieldName('CURRENCY', n), value('CURRENCY'));

    for (const field of ['QUANTITY', 'PRICE']) {
      const number = value(field);
      if (number !== null && number !== '' && !OCI_NUMBER.test(number)) add('numbers', n, fieldName(field, n), number);
    }
    const quantity = value('QUANTITY');
    if (quantity && OCI_NUMBER.test(quantity) && !/\.\d{3}$/.test(quantity)) {
      add('numbers', n, fieldName('QUANTITY', n), quantity);
    }

    const priceUnit = value('PRICEUNIT');
    if (priceUnit === null || !/^\d{1,5}$/.test(priceUnit) || Number(priceUnit) < 1) {
      add('priceUnit', n, fieldName('PRICEUNIT', n), priceUnit);
    }

    const unit = value('UNIT');
    if (unit !== null && unit.length > 3) add('unit', n, fieldName('UNIT', n), unit);

    const currency = value('CURRENCY');
    if (currency !== null && currency !== '') {
      if (!/^[A-Z]{3}$/.test(currency)) add('currency', n, fieldName('CURRENCY', n), currency);
      currencies.add(currency);
    }

    for (const [field, text] of Object.entries(line.fields)) {
      const max = OCI_FIELD_LENGTHS[field];
      if (max !== undefined && text.length > max) add('lengths', n, fieldName(field, n), text);
    }
    if (has(line, 'LONGTEXT')) add('longText', n, fieldName('LONGTEXT', n), value('LONGTEXT'));

    if ((has(line, 'EXT_CATEGORY_ID') || has(line, 'EXT_CATEGORY')) && !has(line, 'EXT_SCHEMA_TYPE')) {
      add('pairs', n, fieldName('EXT_SCHEMA_TYPE', n), null);
    }
    if (has(line, 'CONTRACT_ITEM') && !has(line, 'CONTRACT')) add('pairs', n, fieldName('CONTRACT', n), null);
    if (has(line, 'EXT_QUOTE_ITEM') && !has(line, 'EXT_QUOTE_ID')) add('pairs', n, fieldName('EXT_QUOTE_ID', n), null);

    const service = value('SERVICE');
    if (service !== null && service !== '' && service !== 'X') add('service', n, fieldName('SERVICE', n), service);

    for (const field of ['VENDORMAT', 'EXT_PRODUCT_ID']) {
      if (!has(line, field)) add('supplierKeys', n, fieldName(field, n), null);
    }

    const leadTime = value('LEADTIME');
    if (leadTime !== null && leadTime !== '' && !/^\d{1,5}$/.test(leadTime)) {
      add('leadTime', n, fieldName('LEADTIME', n), leadTime);
    }
  }
  if (currencies.size > 1) add('currency', null, 'NEW_ITEM-CURRENCY[…]', [...currencies].join(', '));

  const lineIndices = new Set(itemLines.map((l) => l.index));
  for (const line of lines) {
    if (line.longText !== null && !lineIndices.has(line.index)) {
      add('longText', line.index, `NEW_ITEM-LONGTEXT_${line.index}:132[]`, line.longText);
    }
  }
  for (const [name, value] of other) {
    if (/^NEW_ITEM-LONGTEXT/i.test(name)) add('longText', null, name, value);
  }

  if (otherField(other, '~OkCode') !== 'ADDI') add('sapFields', null, '~OkCode', otherField(other, '~OkCode'));
  if (otherField(other, '~CALLER') !== 'CTLG') add('sapFields', null, '~CALLER', otherField(other, '~CALLER'));

  return OCI_RULES.map((rule) => {
    const found = problems.get(rule)!;
    return { rule, passed: found.length === 0, problems: found };
  });
}
