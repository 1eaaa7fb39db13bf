/**
 * Deterministic industrial catalogue generator: the shop's own default catalogue and the 400,000-article scale
 * test (400,000 articles, the size the search and listing budgets of bench/run.ts are measured on).
 *
 * Output is a stream of `CatalogChange`s for the catalogue writer: first the category tree (8 top-level categories,
 * 2–3 levels), then product families one by one, each either a single article or a parent with 2–6 variants that
 * differ by one option (length, size, diameter, colour, …). Every family draws from its own PRNG seeded from
 * (seed, family index), so the same arguments give the same catalogue on every run, and memory stays constant
 * whatever the article count. Texts exist in de-DE, en-GB, fr-FR and nl-NL.
 */
import type {
  CatalogChange,
  CatalogMedia,
  CatalogPrice,
  CatalogProduct,
  CatalogProperty,
  CatalogReference,
  LocaleCode,
  LocalizedText,
} from '../model.ts';
import { LOCALE_CODES } from '../../../contract/locales.ts';
import { gtinCheckDigit } from '../../lib/gtin.ts';
import { escapeHtml } from '../../lib/html.ts';
import { formatUnitPrice } from '../../lib/price.ts';
import { createRandom, hashSeed, type Random } from './prng.ts';
import { generatedImageName, materialOf, type GeneratedLook } from './product-images.ts';
import {
  DATA_SHEET_LABEL,
  MANUFACTURER_PHRASE,
  MANUFACTURERS,
  PRODUCT_LINES,
  PROPERTIES,
  SAFETY_SHEET_LABEL,
  STANDARD_PHRASE,
  TAXONOMY,
  type LeafDef,
  type PropertyDef,
  type PropertyValue,
  type T4,
  type TopDef,
} from './vocabulary.ts';

export interface GenerateOptions {
  /** Number of product rows to produce (main products and variants together), 0…400,000 and beyond. */
  articles: number;
  /** PRNG seed (default 1). */
  seed?: number | undefined;
  /** Source namespace of categories and products (default 'generated'). */
  source?: string | undefined;
  /** Prefix of the generated article numbers (default 'WB'). */
  numberPrefix?: string | undefined;
}

/**
 * The UNSPSC family of each top-level category (UNSPSC v26: 27110000 Hand tools, 27112700 Power tools, 31160000
 * Hardware, 46180000 Personal safety and protection, 41110000 Measuring and observing and testing instruments,
 * 24102000 Shelving and storage, 23270000 Welding and soldering and brazing machinery and accessories and supplies,
 * 39120000 Electrical equipment and components and supplies): the classification punch-out documents carry (OCI
 * MATGROUP, cXML Classification).
 */
const UNSPSC_OF_TOP: Readonly<Record<string, string>> = {
  'hand-tools': '27110000',
  'power-tools': '27112700',
  fasteners: '31160000',
  safety: '46180000',
  measuring: '41110000',
  workshop: '24102000',
  welding: '23270000',
  electrical: '39120000',
};

/** The default source namespace of generated data. */
export const GENERATED_SOURCE = 'generated';

interface Leaf extends LeafDef {
  top: TopDef;
  /** Category external id. */
  externalId: string;
  /** Index of a sibling leaf in the same top-level category (its articles are offered as accessories). */
  siblingIndex: number;
}

const localized = (t: T4): LocalizedText => ({ 'de-DE': t[0], 'en-GB': t[1], 'fr-FR': t[2], 'nl-NL': t[3] });

/** A property value in every locale; numbers get a decimal comma in de-DE, fr-FR and nl-NL. */
function valueText(v: PropertyValue): LocalizedText {
  if (typeof v.text !== 'string') return localized(v.text);
  const comma = v.text.replace(/^(\d+)\.(\d+)$/, '$1,$2');
  return { 'de-DE': comma, 'en-GB': v.text, 'fr-FR': comma, 'nl-NL': comma };
}

function property(def: PropertyDef, value: PropertyValue, position: number): CatalogProperty {
  return {
    group: def.key,
    groupName: localized(def.name),
    value: valueText(value),
    unit: def.unit,
    position,
    displayType: def.displayType,
    colorHexCode: value.hex,
  };
}

/**
 * What the drawing of a product shows besides its kind (./product-images.ts): the first `colour` and `material` among
 * `properties` (a variant passes its options first).
 */
function lookOf(properties: readonly CatalogProperty[]): GeneratedLook {
  return {
    colourHex: properties.find((p) => p.group === 'colour')?.colorHexCode,
    material: materialOf(properties.find((p) => p.group === 'material')?.value['en-GB']),
  };
}

/** An EAN-13 from its first 12 digits and their GS1 check digit. */
function ean13(first12: string): string {
  return `${first12}${gtinCheckDigit(first12)}`;
}

/** Amount in 1/100,000 EUR as a decimal string with 2–5 decimals (1400 → "0.014", 1990000 → "19.90"). */
const formatAmount = (hundredThousandths: number): string => formatUnitPrice(BigInt(hundredThousandths));

/** Scales an integer amount by percent, rounding half up, in integer arithmetic. */
const percentOf = (amount: number, percent: number): number => Math.floor((amount * percent + 50) / 100);

/** Rounds amounts of a euro or more to whole cents (list prices of tools are not quoted in fractions of a cent). */
const roundPrice = (amount: number): number => (amount >= 100_000 ? Math.round(amount / 1000) * 1000 : amount);

function flattenLeaves(): Leaf[] {
  const leaves: Leaf[] = [];
  for (const top of TAXONOMY) {
    const start = leaves.length;
    for (const sub of top.subs) {
      const subId = `${top.key}/${sub.key}`;
      if (sub.leaf) leaves.push({ ...sub.leaf, key: sub.key, name: sub.name, top, externalId: subId, siblingIndex: 0 });
      for (const leaf of sub.leaves ?? [])
        leaves.push({ ...leaf, top, externalId: `${subId}/${leaf.key}`, siblingIndex: 0 });
    }
    const count = leaves.length - start;
    for (let i = start; i < leaves.length; i++) leaves[i]!.siblingIndex = start + ((i - start + 1) % count);
  }
  return leaves;
}

function categoryChanges(source: string): CatalogChange[] {
  const out: CatalogChange[] = [];
  TAXONOMY.forEach((top, ti) => {
    out.push({
      kind: 'category',
      category: {
        source,
        externalId: top.key,
        name: localized(top.name),
        description: descriptionOf(top.phrases.slice(1), top.name),
        position: ti,
      },
    });
    top.subs.forEach((sub, si) => {
      const subId = `${top.key}/${sub.key}`;
      out.push({
        kind: 'category',
        category: { source, externalId: subId, parentExternalId: top.key, name: localized(sub.name), position: si },
      });
      sub.leaves?.forEach((leaf, li) => {
        out.push({
          kind: 'category',
          category: {
            source,
            externalId: `${subId}/${leaf.key}`,
            parentExternalId: subId,
            name: localized(leaf.name),
            position: li,
          },
        });
      });
    });
  });
  return out;
}

function descriptionOf(phrases: readonly T4[], item: T4): LocalizedText {
  const text: LocalizedText = {};
  LOCALE_CODES.forEach((locale, i) => {
    text[locale] = phrases.map((p) => `<p>${escapeHtml(p[i]!.replace('{item}', item[i]!))}</p>`).join('');
  });
  return text;
}

/**
 * Largest family index below `f` whose leaf is `leafIndex` (families cycle through the leaves), or -1.
 * Used to point references at articles that were generated earlier.
 */
function earlierFamily(f: number, leafIndex: number, leafCount: number): number {
  const back = (((f - leafIndex) % leafCount) + leafCount) % leafCount || leafCount;
  return f - back;
}

/**
 * Streams the generated catalogue. `articles` counts product rows: a family of a parent and k variants counts
 * k + 1. Prices are net_list in EUR (with quantity tiers and sometimes an nrp), EANs are valid EAN-13s from the GS1
 * prefix 20–29 (restricted distribution, never a real product), media are placeholder file names.
 *
 * @throws RangeError when `articles` is negative or not an integer.
 */
export async function* generateCatalog(options: GenerateOptions): AsyncGenerator<CatalogChange> {
  const { articles } = options;
  if (!Number.isInteger(articles) || articles < 0)
    throw new RangeError(`articles must be a non-negative integer, got ${articles}`);
  const seed = options.seed ?? 1;
  const source = options.source ?? GENERATED_SOURCE;
  const prefix = options.numberPrefix ?? 'WB';
  const leaves = flattenLeaves();
  for (const change of categoryChanges(source)) yield change;

  let produced = 0;
  for (let f = 0; produced < articles; f++) {
    const leafIndex = f % leaves.length;
    const leaf = leaves[leafIndex]!;
    const rng = createRandom(hashSeed(seed, f));
    const family = buildFamily({
      f,
      leaf,
      leafIndex,
      leaves,
      rng,
      source,
      prefix,
      remaining: articles - produced,
      seed,
    });
    for (const product of family) {
      yield { kind: 'product', mode: 'new', product };
      produced++;
    }
  }
}

interface FamilyInput {
  f: number;
  leaf: Leaf;
  leafIndex: number;
  leaves: Leaf[];
  rng: Random;
  source: string;
  prefix: string;
  remaining: number;
  seed: number;
}

function buildFamily(input: FamilyInput): CatalogProduct[] {
  const { f, leaf, leafIndex, leaves, rng, source, prefix, remaining } = input;
  const number = `${prefix}-${String(f + 1).padStart(7, '0')}`;
  const numberOf = (family: number) => `${prefix}-${String(family + 1).padStart(7, '0')}`;
  const manufacturer = rng.pick(MANUFACTURERS);
  const line = rng.pick(PRODUCT_LINES);
  const typeCode = rng.int(100, 999);
  const standard = leaf.standards?.length ? rng.pick(leaf.standards) : undefined;
  const variantDef = leaf.variant ? PROPERTIES[leaf.variant] : undefined;

  // Variant values: a run of 2–6 neighbouring values, when the family has variants and enough articles remain.
  let variantValues: PropertyValue[] = [];
  if (variantDef && remaining >= 3 && rng.chance(0.6)) {
    const count = Math.min(rng.int(2, 6), variantDef.values.length, remaining - 1);
    const start = rng.int(0, variantDef.values.length - count);
    variantValues = variantDef.values.slice(start, start + count);
  }

  const properties: CatalogProperty[] = [];
  leaf.props.forEach((key, i) => {
    const def = PROPERTIES[key]!;
    properties.push(property(def, rng.pick(def.values), i));
  });
  if (standard) properties.push(property(PROPERTIES.standard!, { text: standard }, leaf.props.length));
  const fixedVariantValue = variantDef && variantValues.length === 0 ? rng.pick(variantDef.values) : undefined;
  if (variantDef && fixedVariantValue) properties.push(property(variantDef, fixedVariantValue, leaf.props.length + 1));

  const name = (suffix?: LocalizedText): LocalizedText => {
    const out: LocalizedText = {};
    LOCALE_CODES.forEach((locale, i) => {
      const extra = suffix?.[locale] ? ` ${suffix[locale]}` : '';
      out[locale] = `${leaf.item[i]} ${line} ${typeCode}${extra}`;
    });
    return out;
  };
  const withUnit = (def: PropertyDef, v: PropertyValue): LocalizedText => {
    const t = valueText(v);
    if (!def.unit) return t;
    return Object.fromEntries(Object.entries(t).map(([l, s]) => [l, `${s} ${def.unit}`]));
  };

  const description: LocalizedText = {};
  LOCALE_CODES.forEach((locale: LocaleCode, i) => {
    const item = leaf.item[i]!;
    const paragraphs = leaf.top.phrases.map((p) => `<p>${escapeHtml(p[i]!.replace('{item}', item))}</p>`).join('');
    const specs = properties
      .map((p) => {
        const label = p.groupName?.[locale] ?? p.group;
        const value = p.value[locale] ?? '';
        return `<li>${escapeHtml(label)}: ${escapeHtml(p.unit ? `${value} ${p.unit}` : value)}</li>`;
      })
      .join('');
    const tail = [
      standard ? STANDARD_PHRASE[i]!.replace('{standard}', standard) : undefined,
      MANUFACTURER_PHRASE[i]!.replace('{manufacturer}', manufacturer),
    ]
      .filter(Boolean)
      .map((s) => `<p>${escapeHtml(s!)}</p>`)
      .join('');
    description[locale] = `${paragraphs}<ul>${specs}</ul>${tail}`;
  });
  const keywords: LocalizedText = {};
  LOCALE_CODES.forEach((locale, i) => {
    keywords[locale] = [leaf.name[i], leaf.top.name[i], line].join(', ');
  });

  const look = lookOf(properties);
  const image = generatedImageName(leaf.key, (f % 4) + 1, false, look);
  const media: CatalogMedia[] = [
    { source: image, mimeType: 'image/jpeg', purpose: 'normal', position: 0 },
    {
      source: generatedImageName(leaf.key, (f % 3) + 1, true, look),
      mimeType: 'image/jpeg',
      purpose: 'detail',
      position: 1,
    },
    {
      source: `generated/datasheets/${leaf.key}-${line.toLowerCase().replace(/\s+/g, '-')}.pdf`,
      mimeType: 'application/pdf',
      purpose: 'data_sheet',
      description: localized(DATA_SHEET_LABEL),
      position: 2,
    },
  ];
  if (leaf.top.key === 'welding') {
    media.push({
      source: `generated/safety/${leaf.key}.pdf`,
      mimeType: 'application/pdf',
      purpose: 'safety_data_sheet',
      description: localized(SAFETY_SHEET_LABEL),
      position: 3,
    });
  }

  const references: CatalogReference[] = [];
  const accessory = earlierFamily(f, leaf.siblingIndex, leaves.length);
  if (leaf.siblingIndex !== leafIndex && accessory >= 0)
    references.push({ type: 'accessories', productNumber: numberOf(accessory), position: 0 });
  for (const back of [1, 2]) {
    const similar = f - back * leaves.length;
    if (similar >= 0) references.push({ type: 'similar', productNumber: numberOf(similar), position: back });
  }

  const [minPurchase, purchaseSteps] = rng.pick(leaf.purchase ?? [[1, 1] as const]);
  const basePrice = roundPrice(rng.int(leaf.price[0], leaf.price[1]));
  const isBulky = leaf.top.key === 'workshop' || leaf.key === 'welding-machines';
  const unit = leaf.key === 'cables' ? 'MTR' : 'C62';
  const category = [{ source, externalId: leaf.externalId }];

  const articleFields = (r: Random, price: number): Partial<CatalogProduct> => {
    const stock = r.chance(0.12) ? 0 : r.int(1, minPurchase > 1 ? 50_000 : 2_500);
    const deliveryTimeMin = isBulky ? 1 : r.int(1, 2);
    const deliveryTimeMax = isBulky ? r.int(2, 4) : deliveryTimeMin + r.int(1, 3);
    const maxPurchase = r.chance(0.05) ? minPurchase + purchaseSteps * r.int(10, 50) : undefined;
    const tiers: CatalogPrice[] = [
      { priceType: 'net_list', amount: formatAmount(price), currency: 'EUR', lowerBound: 1, tax: '0.21' },
    ];
    if (r.chance(0.7)) {
      tiers.push({
        priceType: 'net_list',
        amount: formatAmount(roundPrice(percentOf(price, 95))),
        currency: 'EUR',
        lowerBound: minPurchase * 10,
        tax: '0.21',
      });
      tiers.push({
        priceType: 'net_list',
        amount: formatAmount(roundPrice(percentOf(price, 90))),
        currency: 'EUR',
        lowerBound: minPurchase * 50,
        tax: '0.21',
      });
    }
    if (r.chance(0.3))
      tiers.push({
        priceType: 'nrp',
        amount: formatAmount(roundPrice(percentOf(price, 160))),
        currency: 'EUR',
        lowerBound: 1,
        tax: '0.21',
      });
    return {
      stock,
      deliveryTimeMin,
      deliveryTimeMax,
      deliveryTimeUnit: isBulky ? 'week' : 'day',
      restockTime: r.int(3, 21),
      minPurchase,
      purchaseSteps,
      maxPurchase,
      prices: tiers,
      taxRate: 21,
      unit,
    };
  };
  // GS1 prefix 2x, then the family index and the variant position: unique within one generated catalogue.
  const eanFor = (variant: number) =>
    ean13(`2${input.seed % 10}${String(f).padStart(8, '0')}${String(variant).padStart(2, '0')}`);

  const unspsc = UNSPSC_OF_TOP[leaf.top.key];
  const base: CatalogProduct = {
    source,
    productNumber: number,
    ...(unspsc ? { customFields: { classifications: [{ system: 'UNSPSC', code: unspsc, name: null }] } } : {}),
    name: name(variantDef && fixedVariantValue ? withUnit(variantDef, fixedVariantValue) : undefined),
    description,
    keywords,
    manufacturerName: manufacturer,
    manufacturerNumber: `${manufacturer.slice(0, 3).toUpperCase()}-${typeCode}-${f}`,
    categories: category,
    properties,
    media,
    references,
    releaseDate: new Date(Date.UTC(2020 + (f % 6), f % 12, 1 + (f % 28))),
  };

  if (variantValues.length === 0) return [{ ...base, ...articleFields(rng, basePrice), ean: eanFor(0) }];

  // The parent carries texts, media and shared properties; prices, stock and EANs belong to the variants.
  const parent: CatalogProduct = { ...base, minPurchase, purchaseSteps, unit, taxRate: 21, stock: 0 };
  const variants = variantValues.map((value, i): CatalogProduct => {
    const variantNumber = `${number}-${String(i + 1).padStart(2, '0')}`;
    const r = createRandom(hashSeed(input.seed, variantNumber));
    const options = [property(variantDef!, value, 0)];
    // A variant that differs by colour or material is drawn in its own.
    const variantImage = generatedImageName(leaf.key, (f % 4) + 1, false, lookOf([...options, ...properties]));
    return {
      source,
      productNumber: variantNumber,
      parentProductNumber: number,
      ...(base.customFields ? { customFields: base.customFields } : {}),
      name: name(withUnit(variantDef!, value)),
      options,
      ean: eanFor(i + 1),
      manufacturerName: manufacturer,
      manufacturerNumber: `${base.manufacturerNumber}-${i + 1}`,
      media: [{ source: variantImage, mimeType: 'image/jpeg', purpose: 'normal', position: 0 }],
      ...articleFields(r, roundPrice(percentOf(basePrice, 100 + 12 * i))),
    };
  });
  return [parent, ...variants];
}
