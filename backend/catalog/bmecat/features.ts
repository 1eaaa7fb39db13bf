/**
 * Feature values to shop properties, shared by the BMEcat and spreadsheet importers: filterable attributes and
 * specifications, units in their UN/ECE Rec 20 or free-text forms, and the non-standard feature elements some
 * suppliers write (Weidmüller's FTEMPLATE/FID/FPARENT_ID).
 */
import { etimCode, unitSymbol } from '../etim.ts';
import { parseDecimal, trimDecimal } from './values.ts';

/** An eCl@ss IRDI such as `0173-1#02-AAR080#005`. */
const ECLASS_IRDI = /^\d{4}-\d#\d{2}-[A-Z0-9]{3,6}#\d{3}$/;
/** ETIM codes: EFxxxxxx feature, EVxxxxxx value, ECxxxxxx class, EGxxxxxx group, EUxxxxxx unit. */
const ETIM_CODE = /^E[FVCGU]\d{6}$/;

/** True for classification codes that mean nothing to a reader (eCl@ss IRDIs, ETIM codes). */
export function isClassificationCode(text: string): boolean {
  const t = text.trim();
  return ECLASS_IRDI.test(t) || ETIM_CODE.test(t);
}

/**
 * German label of an ETIM feature code ("EF000001" → "Nennstrom"); undefined for other codes or unknown ones.
 */
export function labelOfCode(code: string): string | undefined {
  return /^E[FCG]\d{6}$/.test(code.trim()) ? etimCode(code)?.de : undefined;
}

/** Unit symbols that suppliers write as free text but that are proper symbols (kept as the property's unit). */
const KNOWN_SYMBOLS = new Set([
  'mm',
  'cm',
  'dm',
  'm',
  'km',
  'µm',
  'mm²',
  'mm2',
  'cm²',
  'm²',
  'm2',
  'm³',
  'g',
  'kg',
  't',
  'mg',
  'l',
  'ml',
  'V',
  'mV',
  'kV',
  'A',
  'mA',
  'W',
  'kW',
  'Nm',
  'N',
  'kN',
  'bar',
  'Pa',
  'kPa',
  'MPa',
  '°C',
  '°',
  'Hz',
  'kHz',
  's',
  'min',
  'h',
  '%',
  'dB',
  'Ah',
  'mAh',
  'Wh',
  'lm',
  'K',
  'rpm',
  '1/min',
  'U/min',
  'Ω',
  'kΩ',
  'J',
  'in',
  '"',
]);

/** How a feature's unit is shown. */
export interface FeatureUnit {
  /** A unit symbol for CatalogProperty.unit ("mm", "kg"). */
  symbol?: string | undefined;
  /** Free text appended to the value instead ("-tlg.", "Stück"). */
  freeText?: string | undefined;
}

/**
 * Reads BMEcat FUNIT / a spreadsheet unit: UN/ECE Rec 20 codes ("MMT", "KGM") and ETIM codes ("EU570448") become
 * symbols; known symbols stay symbols; "#" (spreadsheet "no unit") and codes without a symbol (C62 "one") vanish; any
 * other text ("-tlg.", "Stück") is free text joined to the value.
 */
export function readFeatureUnit(raw: string | undefined): FeatureUnit {
  const u = (raw ?? '').trim();
  if (u === '' || u === '#' || u === '-') return {};
  if (KNOWN_SYMBOLS.has(u)) return { symbol: u };
  if (/^EU\d{6}$/.test(u)) {
    const s = unitSymbol(u);
    return s ? { symbol: s } : {};
  }
  if (/^[A-Z0-9]{2,3}$/.test(u)) {
    // Counting units (C62 "one", symbol "1"; H87 piece; legacy PCE) add nothing to a value.
    if (u === 'C62' || u === 'H87' || u === 'PCE') return {};
    const s = unitSymbol(u);
    if (s) return { symbol: s };
  }
  return { freeText: u };
}

/**
 * The property value text: numbers written with a decimal point lose insignificant zeros ("188.0" → "188"), free
 * text units are joined ("13" + "-tlg." → "13-tlg.", "1" + "Stück" → "1 Stück").
 */
export function featureValueText(rawValue: string, unit: FeatureUnit): string {
  let value = rawValue.trim();
  const decimal = /^-?\d+\.\d+$/.test(value) ? parseDecimal(value) : undefined;
  if (decimal !== undefined) value = trimDecimal(decimal);
  if (unit.freeText) value = unit.freeText.startsWith('-') ? `${value}${unit.freeText}` : `${value} ${unit.freeText}`;
  return value;
}

/**
 * Logistics features that suppliers send as features (nexMart 1.9 in fischer BMEcat and the fixings spreadsheet) and
 * that belong to the product's logistics data, not to its filters: feature name → customFields key.
 */
export const LOGISTIC_FEATURES: Record<string, string> = {
  TariffNo: 'customsTariffNumber',
  CustomsTariffNumber: 'customsTariffNumber',
  CountryOfOrigin: 'countryOfOrigin',
  GrossWeight: 'grossWeight',
  NetWeight: 'netWeight',
  DisGroup: 'discountGroup',
  DiscGroup: 'discountGroup',
  PackagingLength: 'packagingLength',
  PackagingWidth: 'packagingWidth',
  PackagingHeight: 'packagingHeight',
};
