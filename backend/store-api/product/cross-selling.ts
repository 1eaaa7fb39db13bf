/**
 * Cross-selling groups from BMEcat references (ARTICLE_REFERENCE/PRODUCT_REFERENCE `type`): their names in the shop's
 * locales and the order the product page shows them in.
 */

const REFERENCE_TYPES: Record<string, Record<string, string>> = {
  accessories: { 'de-DE': 'Zubehör', 'en-GB': 'Accessories', 'fr-FR': 'Accessoires', 'nl-NL': 'Accessoires' },
  mandatory: {
    'de-DE': 'Pflichtzubehör',
    'en-GB': 'Required accessories',
    'fr-FR': 'Accessoires obligatoires',
    'nl-NL': 'Verplichte accessoires',
  },
  select: {
    'de-DE': 'Auswahlzubehör',
    'en-GB': 'Optional accessories',
    'fr-FR': 'Accessoires optionnels',
    'nl-NL': 'Optionele accessoires',
  },
  sparepart: {
    'de-DE': 'Ersatzteile',
    'en-GB': 'Spare parts',
    'fr-FR': 'Pièces de rechange',
    'nl-NL': 'Reserveonderdelen',
  },
  similar: {
    'de-DE': 'Ähnliche Artikel',
    'en-GB': 'Similar products',
    'fr-FR': 'Produits similaires',
    'nl-NL': 'Vergelijkbare producten',
  },
  followup: {
    'de-DE': 'Nachfolgeartikel',
    'en-GB': 'Successor products',
    'fr-FR': 'Produits de remplacement',
    'nl-NL': 'Opvolgers',
  },
  consists_of: { 'de-DE': 'Besteht aus', 'en-GB': 'Consists of', 'fr-FR': 'Composé de', 'nl-NL': 'Bestaat uit' },
  others: {
    'de-DE': 'Weitere Artikel',
    'en-GB': 'Other products',
    'fr-FR': 'Autres produits',
    'nl-NL': 'Overige producten',
  },
};
export const REFERENCE_ORDER = Object.keys(REFERENCE_TYPES);

/** Name of a BMEcat reference type in a locale; unknown types keep their code. */
export function referenceTypeName(type: string, locale: string): string {
  const names = REFERENCE_TYPES[type] ?? REFERENCE_TYPES.others!;
  return REFERENCE_TYPES[type] ? (names[locale] ?? names['en-GB']!) : type;
}
