/**
 * Names of order units on the ERP's documents: UN/ECE Recommendation 20 codes as BMEcat's `ORDER_UNIT` carries them
 * (C62 "one" for pieces, H87 piece, PK pack, BX box, CT carton, BG bag, PR pair, SET set, RO roll, TU tube, DZN dozen,
 * MTR metre, CMT centimetre, MMT millimetre, MTK square metre, MTQ cubic metre, KGM kilogram, GRM gram, TNE tonne, LTR
 * litre, MLT millilitre), singular and plural in the shop's four locales. The names are the storefront's
 * (`units.{code}_one` / `units.{code}_other` of its message catalogues), so a line reads the same in the shop and on
 * its PDF; backend/ cannot import the storefront, and units.test.ts fails when the two tables drift apart.
 */
import type { DocumentLocale } from './labels.ts';

/** Singular (plural category "one") and plural ("other") name of a unit. */
type UnitNames = readonly [one: string, other: string];

export const UNIT_NAMES: Record<string, Record<DocumentLocale, UnitNames>> = {
  C62: {
    'de-DE': ['Stück', 'Stück'],
    'en-GB': ['piece', 'pieces'],
    'fr-FR': ['pièce', 'pièces'],
    'nl-NL': ['stuk', 'stuks'],
  },
  H87: {
    'de-DE': ['Stück', 'Stück'],
    'en-GB': ['piece', 'pieces'],
    'fr-FR': ['pièce', 'pièces'],
    'nl-NL': ['stuk', 'stuks'],
  },
  PK: {
    'de-DE': ['Packung', 'Packungen'],
    'en-GB': ['pack', 'packs'],
    'fr-FR': ['paquet', 'paquets'],
    'nl-NL': ['pak', 'pakken'],
  },
  BX: {
    'de-DE': ['Schachtel', 'Schachteln'],
    'en-GB': ['box', 'boxes'],
    'fr-FR': ['boîte', 'boîtes'],
    'nl-NL': ['doos', 'dozen'],
  },
  CT: {
    'de-DE': ['Karton', 'Kartons'],
    'en-GB': ['carton', 'cartons'],
    'fr-FR': ['carton', 'cartons'],
    'nl-NL': ['karton', 'kartons'],
  },
  BG: {
    'de-DE': ['Beutel', 'Beutel'],
    'en-GB': ['bag', 'bags'],
    'fr-FR': ['sachet', 'sachets'],
    'nl-NL': ['zak', 'zakken'],
  },
  PR: {
    'de-DE': ['Paar', 'Paar'],
    'en-GB': ['pair', 'pairs'],
    'fr-FR': ['paire', 'paires'],
    'nl-NL': ['paar', 'paar'],
  },
  SET: { 'de-DE': ['Satz', 'Sätze'], 'en-GB': ['set', 'sets'], 'fr-FR': ['jeu', 'jeux'], 'nl-NL': ['set', 'sets'] },
  RO: {
    'de-DE': ['Rolle', 'Rollen'],
    'en-GB': ['roll', 'rolls'],
    'fr-FR': ['rouleau', 'rouleaux'],
    'nl-NL': ['rol', 'rollen'],
  },
  TU: {
    'de-DE': ['Tube', 'Tuben'],
    'en-GB': ['tube', 'tubes'],
    'fr-FR': ['tube', 'tubes'],
    'nl-NL': ['tube', 'tubes'],
  },
  DZN: {
    'de-DE': ['Dutzend', 'Dutzend'],
    'en-GB': ['dozen', 'dozen'],
    'fr-FR': ['douzaine', 'douzaines'],
    'nl-NL': ['dozijn', 'dozijn'],
  },
  MTR: {
    'de-DE': ['Meter', 'Meter'],
    'en-GB': ['metre', 'metres'],
    'fr-FR': ['mètre', 'mètres'],
    'nl-NL': ['meter', 'meter'],
  },
  CMT: {
    'de-DE': ['Zentimeter', 'Zentimeter'],
    'en-GB': ['centimetre', 'centimetres'],
    'fr-FR': ['centimètre', 'centimètres'],
    'nl-NL': ['centimeter', 'centimeter'],
  },
  MMT: {
    'de-DE': ['Millimeter', 'Millimeter'],
    'en-GB': ['millimetre', 'millimetres'],
    'fr-FR': ['millimètre', 'millimètres'],
    'nl-NL': ['millimeter', 'millimeter'],
  },
  MTK: {
    'de-DE': ['Quadratmeter', 'Quadratmeter'],
    'en-GB': ['square metre', 'square metres'],
    'fr-FR': ['mètre carré', 'mètres carrés'],
    'nl-NL': ['vierkante meter', 'vierkante meter'],
  },
  MTQ: {
    'de-DE': ['Kubikmeter', 'Kubikmeter'],
    'en-GB': ['cubic metre', 'cubic metres'],
    'fr-FR': ['mètre cube', 'mètres cubes'],
    'nl-NL': ['kubieke meter', 'kubieke meter'],
  },
  KGM: {
    'de-DE': ['Kilogramm', 'Kilogramm'],
    'en-GB': ['kilogram', 'kilograms'],
    'fr-FR': ['kilogramme', 'kilogrammes'],
    'nl-NL': ['kilogram', 'kilogram'],
  },
  GRM: {
    'de-DE': ['Gramm', 'Gramm'],
    'en-GB': ['gram', 'grams'],
    'fr-FR': ['gramme', 'grammes'],
    'nl-NL': ['gram', 'gram'],
  },
  TNE: {
    'de-DE': ['Tonne', 'Tonnen'],
    'en-GB': ['tonne', 'tonnes'],
    'fr-FR': ['tonne', 'tonnes'],
    'nl-NL': ['ton', 'ton'],
  },
  LTR: {
    'de-DE': ['Liter', 'Liter'],
    'en-GB': ['litre', 'litres'],
    'fr-FR': ['litre', 'litres'],
    'nl-NL': ['liter', 'liter'],
  },
  MLT: {
    'de-DE': ['Milliliter', 'Milliliter'],
    'en-GB': ['millilitre', 'millilitres'],
    'fr-FR': ['millilitre', 'millilitres'],
    'nl-NL': ['milliliter', 'milliliter'],
  },
};

/**
 * The name of an order unit in the form that goes with `quantity`: the locale's plural category of the quantity
 * (`Intl.PluralRules`: 1 → one, 2 → other, in French also 0 and 1.5 → one) picks the singular or plural, as the
 * storefront's `unitName` does. Codes are case-insensitive; a code without a name is printed as it is (upper-cased),
 * no code as ''.
 */
export function unitName(locale: DocumentLocale, quantity: number, unitCode: string | null): string {
  const code = (unitCode ?? '').trim().toUpperCase();
  if (!code) return '';
  const names = UNIT_NAMES[code]?.[locale];
  if (!names) return code;
  return new Intl.PluralRules(locale).select(quantity) === 'one' ? names[0] : names[1];
}
