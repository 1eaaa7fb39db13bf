/**
 * ETIM 6.0 labels (ODC-By, attribution: ETIM International) and unit symbols, read from the shared catalogue folder
 * (`classification/etim6_{groups,classes,features}_de_en_nl.csv`, `units/*.csv`). Importers use them to give German
 * category and feature names English and Dutch labels; product texts stay German where no translation exists (the
 * storefront falls back at read time). Files are loaded lazily, once per process; when they are missing every lookup
 * answers `undefined` (the import still works, only without translations).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { LocalizedText } from './model.ts';

/** Labels of one ETIM entry in the languages ETIM 6.0 ships besides German. */
export interface EtimLabels {
  'en-GB'?: string | undefined;
  'nl-NL'?: string | undefined;
}

interface EtimTables {
  /** German name (normalised) → labels; classes and groups. */
  categories: Map<string, EtimLabels>;
  /** German name (normalised) → labels; features. */
  features: Map<string, EtimLabels>;
  /** EFxxxxxx / ECxxxxxx / EGxxxxxx → German name and labels. */
  codes: Map<string, { de: string } & EtimLabels>;
  /** Unit code (UN/ECE Rec 20 or ETIM EUxxxxxx) → symbol. */
  units: Map<string, string>;
}

let tables: EtimTables | undefined;
let configuredDir: string | undefined;

/**
 * The shared catalogue folder: `SHARED_CATALOG_DIR`, else `../shared/catalog` relative to the working directory
 * (the project root), as the catalogue README prescribes.
 */
function defaultSharedCatalogDir(env: Record<string, string | undefined> = process.env): string {
  return env.SHARED_CATALOG_DIR
    ? path.resolve(env.SHARED_CATALOG_DIR)
    : path.resolve(process.cwd(), '../shared/catalog');
}

/** Points the lookups at another catalogue folder (tests, CLI); drops what was loaded. */
export function configureEtim(sharedCatalogDir: string): void {
  configuredDir = sharedCatalogDir;
  tables = undefined;
}

const normalise = (name: string): string => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('de-DE');

function readCsv(file: string, delimiter = ','): Record<string, string>[] {
  if (!existsSync(file)) return [];
  return parse(readFileSync(file), {
    columns: true,
    bom: true,
    delimiter,
    relax_column_count: true,
    skip_empty_lines: true,
  });
}

function load(): EtimTables {
  if (tables) return tables;
  const dir = configuredDir ?? defaultSharedCatalogDir();
  const t: EtimTables = { categories: new Map(), features: new Map(), codes: new Map(), units: new Map() };
  const labels = (en: string | undefined, nl: string | undefined): EtimLabels => ({
    ...(en ? { 'en-GB': en } : {}),
    ...(nl ? { 'nl-NL': nl } : {}),
  });
  for (const row of readCsv(path.join(dir, 'classification/etim6_groups_de_en_nl.csv'))) {
    if (!row.de) continue;
    t.categories.set(normalise(row.de), labels(row.en, row.nl));
    if (row.group_code) t.codes.set(row.group_code, { de: row.de, ...labels(row.en, row.nl) });
  }
  for (const row of readCsv(path.join(dir, 'classification/etim6_classes_de_en_nl.csv'))) {
    if (!row.class_de) continue;
    // Groups win over classes of the same name: a group is the broader, better navigation label.
    if (!t.categories.has(normalise(row.class_de)))
      t.categories.set(normalise(row.class_de), labels(row.class_en, row.class_nl));
    if (row.class_code) t.codes.set(row.class_code, { de: row.class_de, ...labels(row.class_en, row.class_nl) });
  }
  for (const row of readCsv(path.join(dir, 'classification/etim6_features_de_en_nl.csv'))) {
    if (!row.de) continue;
    if (!t.features.has(normalise(row.de))) t.features.set(normalise(row.de), labels(row.en, row.nl));
    if (row.feature_code) t.codes.set(row.feature_code, { de: row.de, ...labels(row.en, row.nl) });
  }
  for (const row of readCsv(path.join(dir, 'units/unece_rec20_units-of-measure.csv'))) {
    if (row.CommonCode && row.Symbol && row.Status !== 'D') t.units.set(row.CommonCode, row.Symbol);
  }
  for (const row of readCsv(path.join(dir, 'units/etim_unit_code_to_symbol.csv'), ';')) {
    if (row.UNITOFMEASID && row.UNITDESC) t.units.set(row.UNITOFMEASID, row.UNITDESC);
  }
  tables = t;
  return t;
}

/** German singular candidates of a (possibly plural) category name: "Stehleitern" → ["Stehleitern", "Stehleiter"]. */
function singularCandidates(name: string): string[] {
  const out = [name];
  if (/en$/.test(name)) out.push(name.slice(0, -1), name.slice(0, -2));
  else if (/[ns]$/.test(name)) out.push(name.slice(0, -1));
  return out;
}

/**
 * English and Dutch labels of an ETIM group or class by its German name (case-insensitive; a German plural is tried
 * as singular too), e.g. `etimCategoryLabels('Nageldübel')` → `{ 'en-GB': 'Hammerfix', 'nl-NL': 'Spijkerplug' }`.
 */
export function etimCategoryLabels(germanName: string): EtimLabels | undefined {
  const t = load();
  for (const candidate of singularCandidates(germanName.trim())) {
    const hit = t.categories.get(normalise(candidate));
    if (hit && (hit['en-GB'] || hit['nl-NL'])) return hit;
  }
  return undefined;
}

/** English and Dutch labels of an ETIM feature by its exact German name (case-insensitive). */
export function etimFeatureLabels(germanName: string): EtimLabels | undefined {
  const hit = load().features.get(normalise(germanName));
  return hit && (hit['en-GB'] || hit['nl-NL']) ? hit : undefined;
}

/** German name and labels of an ETIM code (EGxxxxxx group, ECxxxxxx class, EFxxxxxx feature). */
export function etimCode(code: string): ({ de: string } & EtimLabels) | undefined {
  return load().codes.get(code.trim().toUpperCase());
}

/** Symbol of a UN/ECE Rec 20 code ("MMT" → "mm") or an ETIM unit code ("EU570448"); undefined when unknown. */
export function unitSymbol(code: string): string | undefined {
  return load().units.get(code.trim());
}

/**
 * A German name with the ETIM labels added: `{ 'de-DE': name, 'en-GB'?, 'nl-NL'? }`. `kind` chooses the table
 * (category: groups and classes; feature: features).
 */
export function withEtimLabels(germanName: string, kind: 'category' | 'feature'): LocalizedText {
  const labels = kind === 'category' ? etimCategoryLabels(germanName) : etimFeatureLabels(germanName);
  return { 'de-DE': germanName, ...(labels ?? {}) };
}
