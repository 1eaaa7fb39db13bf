/**
 * BMEcat importer for versions 1.2 and 2005 (also 2005.1/2005.2 and, leniently, 1.01): T_NEW_CATALOG,
 * T_UPDATE_PRODUCTS (ARTICLE/PRODUCT @mode new, update, delete) and T_UPDATE_PRICES. It streams the file (see
 * xml-stream.ts), maps each group and article to the catalogue model (backend/catalog/model.ts) and ends with an
 * ImportReport of what it imported, skipped and why. It never touches the database: changes go to a CatalogSink.
 *
 * Leniency, because real supplier files bend the BMEcat schema: namespaces are ignored (local names only), schema
 * length and pattern rules are at most warnings, UDX content is ignored except the order details nexMart files keep
 * there, Weidmüller's FTEMPLATE/FID/FPARENT_ID and MIME_TYPE "url" are understood, DOCTYPEs are never resolved,
 * language codes in every form are read (ISO 639-1, 639-2, with region), prices without amount are skipped, legacy
 * and free-text units are handled, invalid EANs are kept with a warning, a group without name gets one, references
 * without type become 'others' and may point outside the file, escaped HTML is sanitised, and the file is streamed.
 * Media and downloads whose URL has a scheme other than http(s) are refused with a report line.
 *
 * A document whose structure is broken in a way that would mix up articles (details outside or nested inside an
 * article) or that is not well-formed XML is rejected as a whole: nothing is written and the report says why.
 */
import { bulletListHtml, sanitizeCatalogHtml } from '../../lib/html.ts';
import { slugSegment } from '../../lib/slug.ts';
import { etimCategoryLabels, etimFeatureLabels } from '../etim.ts';
import type {
  CatalogCategory,
  CatalogChange,
  CatalogMedia,
  CatalogPrice,
  CatalogProduct,
  CatalogProperty,
  CatalogReference,
  CatalogSink,
  ImportReport,
  LocaleCode,
  LocalizedText,
} from '../model.ts';
import { featureValueText, isClassificationCode, labelOfCode, LOGISTIC_FEATURES, readFeatureUnit } from './features.ts';
import { ReportBuilder } from './report-builder.ts';
import { ChangeSpool } from './spool.ts';
import {
  isAbsoluteUrl,
  localeOf,
  multiplyDecimal,
  normaliseMimeType,
  normaliseOrderUnit,
  parseBmecatDate,
  parseDecimal,
  parseQuantity,
  resolveMimeSource,
  signOfDecimal,
  trimDecimal,
} from './values.ts';
import {
  child,
  childrenNamed,
  childText,
  descendantsNamed,
  fileChunks,
  readXmlEvents,
  XmlFormatError,
  XmlLimitError,
  type XmlLimits,
  type XmlNode,
} from './xml-stream.ts';

/** Options of `importBmecat`. */
export interface BmecatImportOptions {
  /** Source namespace of the entities (e.g. 'bmecat:kstools'); default 'bmecat:' + the supplier name as a slug. */
  source?: string | undefined;
  /** Name of the file in the report; default the path given. */
  fileLabel?: string | undefined;
  /** Base for relative MIME_SOURCE values when the header has no MIME_ROOT; default: keep them relative. */
  mediaBaseUrl?: string | undefined;
  limits?: XmlLimits | undefined;
  /** Reference date for "price validity has ended" warnings; default now. */
  now?: Date | undefined;
  /** Changes kept in memory before spooling to a temporary file (default 2,000). */
  spoolMemoryLimit?: number | undefined;
}

const TRANSACTIONS = new Set(['T_NEW_CATALOG', 'T_UPDATE_PRODUCTS', 'T_UPDATE_PRICES']);
const TRANSACTION_ITEMS = new Set(['ARTICLE', 'PRODUCT', 'ARTICLE_TO_CATALOGGROUP_MAP', 'PRODUCT_TO_CATALOGGROUP_MAP']);
/** Containers of an article and the only elements they may sit in (BMEcat 1.2 / 2005 content models). */
const CONTAINER_PARENTS: Record<string, string[]> = {
  ARTICLE_DETAILS: ['ARTICLE'],
  PRODUCT_DETAILS: ['PRODUCT'],
  ARTICLE_FEATURES: ['ARTICLE'],
  PRODUCT_FEATURES: ['PRODUCT'],
  ARTICLE_ORDER_DETAILS: ['ARTICLE'],
  PRODUCT_ORDER_DETAILS: ['PRODUCT'],
  ARTICLE_PRICE_DETAILS: ['ARTICLE'],
  PRODUCT_PRICE_DETAILS: ['PRODUCT'],
  ARTICLE_REFERENCE: ['ARTICLE'],
  PRODUCT_REFERENCE: ['PRODUCT'],
  ARTICLE: [...TRANSACTIONS],
  PRODUCT: [...TRANSACTIONS],
  SUPPLIER_AID: ['ARTICLE', 'ARTICLE_TO_CATALOGGROUP_MAP'],
};
const SUPPORTED_VERSIONS = new Set(['1.2', '2005', '2005.1', '2005.2']);

const isUdx = (name: string): boolean => name === 'USER_DEFINED_EXTENSIONS' || name.startsWith('UDX');

interface HeaderInfo {
  defaultLocale: LocaleCode;
  mimeRoot: string | undefined;
  currency: string | undefined;
  supplierName: string | undefined;
  catalogId: string | undefined;
}

/** Which transaction element an item sits in. */
type Transaction = 'T_NEW_CATALOG' | 'T_UPDATE_PRODUCTS' | 'T_UPDATE_PRICES';

class BmecatMapper {
  header: HeaderInfo = {
    defaultLocale: 'de-DE',
    mimeRoot: undefined,
    currency: undefined,
    supplierName: undefined,
    catalogId: undefined,
  };
  source: string;
  readonly rootGroupIds = new Set<string>(['0']);
  readonly productNumbers = new Set<string>();
  readonly referenceTargets = new Set<string>();
  readonly structureErrors: string[] = [];

  constructor(
    readonly report: ReportBuilder,
    readonly spool: ChangeSpool,
    readonly options: BmecatImportOptions,
  ) {
    this.source = options.source ?? 'bmecat:unknown';
  }

  // ---- generic readers ---------------------------------------------------------------------------------------

  /** Text per locale from elements with an optional `lang` attribute (missing → the catalogue language). */
  localized(nodes: XmlNode[], item: string, transform: (t: string) => string | undefined = (t) => t): LocalizedText {
    const out: LocalizedText = {};
    for (const n of nodes) {
      const text = n.text.trim();
      if (!text) continue;
      const lang = n.attrs.lang;
      const locale = lang ? localeOf(lang) : this.header.defaultLocale;
      if (!locale) {
        this.report.warn(
          'unsupported-language',
          item,
          `text in language "${lang}" ignored: the shop serves de, en, fr and nl`,
        );
        continue;
      }
      if (out[locale] !== undefined) continue;
      const value = transform(text);
      if (value !== undefined) out[locale] = value;
    }
    return out;
  }

  /** The language texts joined per locale (KEYWORD lists). */
  joinedPerLocale(nodes: XmlNode[], item: string): LocalizedText | undefined {
    const lists: Partial<Record<LocaleCode, string[]>> = {};
    for (const n of nodes) {
      const text = n.text.trim();
      if (!text) continue;
      const locale = n.attrs.lang ? localeOf(n.attrs.lang) : this.header.defaultLocale;
      if (!locale) {
        this.report.warn('unsupported-language', item, `keyword in language "${n.attrs.lang}" ignored`);
        continue;
      }
      (lists[locale] ??= []).push(text);
    }
    const out: LocalizedText = {};
    for (const [locale, list] of Object.entries(lists) as [LocaleCode, string[]][])
      out[locale] = [...new Set(list)].join(', ');
    return Object.keys(out).length ? out : undefined;
  }

  /** Adds ETIM English/Dutch labels to a German name where the file has no text in those languages. */
  withLabels(text: LocalizedText, kind: 'category' | 'feature'): LocalizedText {
    const de = text['de-DE'];
    if (!de) return text;
    const labels = kind === 'category' ? etimCategoryLabels(de) : etimFeatureLabels(de);
    if (!labels) return text;
    return { ...labels, ...text };
  }

  // ---- header ------------------------------------------------------------------------------------------------

  readHeader(node: XmlNode, fileLabel: string): void {
    const catalog = child(node, 'CATALOG');
    const languages = childrenNamed(catalog, 'LANGUAGE');
    const preferred = languages.find((l) => /^true$/i.test(l.attrs.default ?? '')) ?? languages[0];
    const locale = localeOf(preferred?.text);
    if (!preferred) this.report.warn('header', fileLabel, 'HEADER/CATALOG/LANGUAGE missing: texts read as German');
    else if (!locale)
      this.report.warn(
        'header',
        fileLabel,
        `catalogue language "${preferred.text.trim()}" is not served: texts read as German`,
      );
    const supplier = child(node, 'SUPPLIER');
    this.header = {
      defaultLocale: locale ?? 'de-DE',
      mimeRoot: childText(catalog, 'MIME_ROOT') ?? this.options.mediaBaseUrl,
      currency: childText(catalog, 'CURRENCY'),
      supplierName: childText(supplier, 'SUPPLIER_NAME') ?? childText(node, 'SUPPLIER_IDREF'),
      catalogId: childText(catalog, 'CATALOG_ID'),
    };
    if (!this.header.catalogId)
      this.report.warn('schema', fileLabel, 'HEADER/CATALOG/CATALOG_ID missing (mandatory in BMEcat); imported anyway');
    const version = childText(catalog, 'CATALOG_VERSION');
    if (version && !/^\d{1,7}\.\d{1,3}$/.test(version)) {
      this.report.warn(
        'schema',
        fileLabel,
        `CATALOG_VERSION "${version}" does not match the pattern n.n; imported anyway`,
      );
    }
    if (!this.options.source) {
      const slug = slugSegment(this.header.supplierName ?? '').toLowerCase();
      this.source = `bmecat:${slug || 'unknown'}`;
    }
  }

  // ---- structure ---------------------------------------------------------------------------------------------

  /** Records containers that sit where the content model does not allow them, inside an item. */
  checkStructure(node: XmlNode, parent: string | undefined): void {
    if (isUdx(node.name)) return;
    const allowed = CONTAINER_PARENTS[node.name];
    if (allowed && parent !== undefined && !allowed.includes(parent)) {
      this.structureErrors.push(`line ${node.line}: <${node.name}> inside <${parent}>`);
    }
    for (const c of node.children) this.checkStructure(c, node.name);
  }

  // ---- categories --------------------------------------------------------------------------------------------

  readCategory(node: XmlNode): void {
    const id = childText(node, 'GROUP_ID');
    if (!id) {
      this.report.skip(`CATALOG_STRUCTURE at line ${node.line}`, 'no GROUP_ID');
      return;
    }
    const item = `group ${id}`;
    const parentId = childText(node, 'PARENT_ID');
    if ((node.attrs.type ?? '').toLowerCase() === 'root') {
      this.rootGroupIds.add(id);
      this.report.skip(item, 'root group of the supplier tree: its children become top-level categories');
      return;
    }
    let name = this.localized(childrenNamed(node, 'GROUP_NAME'), item);
    const udxTexts = this.udxGroupTexts(node);
    if (Object.keys(name).length === 0) {
      const fallback = udxTexts.short ?? `${this.header.supplierName ?? 'Gruppe'} ${id}`;
      name = { [this.header.defaultLocale]: fallback };
      this.report.warn('group-without-name', item, `GROUP_NAME missing: named "${fallback}"`);
    }
    for (const [locale, text] of Object.entries(name)) {
      if (text.length > 50)
        this.report.warn(
          'schema-length',
          item,
          `GROUP_NAME (${locale}) has ${text.length} characters (BMEcat allows 50); kept`,
        );
    }
    let description = this.localized(childrenNamed(node, 'GROUP_DESCRIPTION'), item, sanitizeCatalogHtml);
    if (Object.keys(description).length === 0 && udxTexts.long) {
      const html = sanitizeCatalogHtml(udxTexts.long);
      if (html) description = { [this.header.defaultLocale]: html };
    }
    const order = parseQuantity(childText(node, 'GROUP_ORDER'));
    const imageSource = descendantsNamed(child(node, 'MIME_INFO'), 'MIME')
      .map((m) => childText(m, 'MIME_SOURCE'))
      .find((s): s is string => !!s);
    const image = imageSource
      ? this.report.mediaSource(resolveMimeSource(imageSource, this.header.mimeRoot), item)
      : undefined;
    const category: CatalogCategory = {
      source: this.source,
      externalId: id,
      parentExternalId: parentId && !this.rootGroupIds.has(parentId) ? parentId : undefined,
      name: this.withLabels(name, 'category'),
      description: Object.keys(description).length ? description : undefined,
      keywords: this.joinedPerLocale(childrenNamed(node, 'KEYWORD'), item),
      position: order,
      type: 'page',
      mediaFileName: image,
    };
    this.spool.addCategory(category);
  }

  /** nexMart keeps category texts in UDX.NM.GROUP_FEATURES (short and long description). */
  udxGroupTexts(node: XmlNode): { short?: string; long?: string } {
    const out: { short?: string; long?: string } = {};
    for (const block of descendantsNamed(child(node, 'USER_DEFINED_EXTENSIONS'), 'UDX.NM.GROUP_FEATURES')) {
      const system = childText(block, 'REFERENCE_FEATURE_SYSTEM_NAME') ?? '';
      const value = descendantsNamed(block, 'FVALUE')[0]?.text.trim();
      if (!value) continue;
      if (/DESCSHORT/i.test(system)) out.short ??= value;
      else if (/DESCLONG/i.test(system)) out.long ??= value;
    }
    return out;
  }

  readGroupMap(node: XmlNode, transaction: Transaction): void {
    const productNumber = childText(node, 'ART_ID') ?? childText(node, 'PROD_ID');
    const groupId = childText(node, 'CATALOG_GROUP_ID');
    const item = `${node.name} at line ${node.line}`;
    if (!productNumber || !groupId) {
      this.report.skip(item, 'ART_ID/PROD_ID or CATALOG_GROUP_ID missing');
      return;
    }
    if (this.rootGroupIds.has(groupId)) {
      this.report.warn('map-to-root', `${productNumber} → ${groupId}`, 'mapped to the root group; ignored');
      return;
    }
    if (!this.spool.hasCategory(groupId) && transaction === 'T_NEW_CATALOG') {
      this.report.warn(
        'unknown-group',
        `${productNumber} → ${groupId}`,
        'group is not in CATALOG_GROUP_SYSTEM; assignment ignored',
      );
      return;
    }
    const order = parseQuantity(
      childText(node, 'ARTICLE_TO_CATALOGGROUP_MAP_ORDER') ?? childText(node, 'PRODUCT_TO_CATALOGGROUP_MAP_ORDER'),
    );
    this.spool.assign(productNumber, { source: this.source, externalId: groupId, position: order });
  }

  // ---- products ----------------------------------------------------------------------------------------------

  async readProduct(node: XmlNode, transaction: Transaction): Promise<void> {
    const productNumber = childText(node, 'SUPPLIER_AID') ?? childText(node, 'SUPPLIER_PID');
    if (!productNumber) {
      this.report.skip(`${node.name} at line ${node.line}`, 'no SUPPLIER_AID/SUPPLIER_PID');
      return;
    }
    const item = productNumber;
    const rawMode = (node.attrs.mode ?? '').trim().toLowerCase();

    if (transaction === 'T_UPDATE_PRICES') {
      const prices = this.readPrices(node, item, undefined);
      await this.spool.add({ kind: 'prices', productNumber, prices });
      return;
    }
    let mode: 'new' | 'update' | 'delete' = transaction === 'T_NEW_CATALOG' ? 'new' : 'update';
    if (transaction === 'T_UPDATE_PRODUCTS') {
      if (rawMode === 'new' || rawMode === 'update' || rawMode === 'delete') mode = rawMode;
      else this.report.warn('mode', item, `mode "${rawMode}" is not new/update/delete: read as update`);
    } else if (rawMode === 'delete') {
      this.report.warn(
        'mode',
        item,
        'mode="delete" inside T_NEW_CATALOG: a new catalogue only lists products; ignored',
      );
    }
    if (mode === 'delete') {
      await this.spool.add({ kind: 'delete-product', productNumber });
      return;
    }
    const details = child(node, 'ARTICLE_DETAILS') ?? child(node, 'PRODUCT_DETAILS');
    if (!details) {
      this.report.skip(item, `no ${node.name}_DETAILS: nothing to import`);
      return;
    }
    this.report.noteProduct(this.productNumbers, productNumber);
    const product = this.mapProduct(node, details, productNumber);
    await this.spool.add({ kind: 'product', product, mode: mode === 'new' ? 'new' : 'update' });
  }

  mapProduct(node: XmlNode, details: XmlNode, productNumber: string): CatalogProduct {
    const item = productNumber;
    let name = this.localized(childrenNamed(details, 'DESCRIPTION_SHORT'), item);
    if (Object.keys(name).length === 0) {
      name = { [this.header.defaultLocale]: productNumber };
      this.report.warn('missing-name', item, 'DESCRIPTION_SHORT missing: the article number is used as name');
    }
    const longHtml = this.localized(childrenNamed(details, 'DESCRIPTION_LONG'), item, sanitizeCatalogHtml);

    // EAN (1.2) or INTERNATIONAL_PID type gtin/ean (2005).
    const eanCandidates = [
      ...childrenNamed(details, 'EAN'),
      ...childrenNamed(details, 'INTERNATIONAL_PID').filter((n) => /^(gtin|ean|gtin\d+)?$/i.test(n.attrs.type ?? '')),
    ]
      .map((n) => n.text.trim())
      .filter((t) => t);
    const ean = this.report.gtin(eanCandidates, item);

    const features = this.readFeatures(node, item);
    const description: LocalizedText = { ...longHtml };
    for (const block of features.bullets) {
      const html = bulletListHtml(block.items, block.heading);
      if (!html) continue;
      const locale = this.header.defaultLocale;
      description[locale] = `${description[locale] ?? ''}${html}`;
    }

    const order = this.readOrderDetails(node, item);
    const prices = this.readPrices(node, item, order.priceQuantity);
    const taxFraction = prices.find((p) => p.tax)?.tax;
    const deliveryDays = parseQuantity(childText(details, 'DELIVERY_TIME'));
    const references = this.readReferences(node, item);

    const customFields: Record<string, unknown> = { ...features.customFields };
    const status = [...childrenNamed(details, 'ARTICLE_STATUS'), ...childrenNamed(details, 'PRODUCT_STATUS')]
      .map((s) => s.attrs.type?.trim())
      .filter((s): s is string => !!s);
    if (status.length) customFields.status = status;
    const buyerNumbers = [...childrenNamed(details, 'BUYER_AID'), ...childrenNamed(details, 'BUYER_PID')]
      .filter((b) => b.text.trim())
      .map((b) => ({ type: b.attrs.type ?? '', number: b.text.trim() }));
    if (buyerNumbers.length) customFields.buyerNumbers = buyerNumbers;
    const typeDescription = childText(details, 'MANUFACTURER_TYPE_DESCR');
    if (typeDescription) customFields.manufacturerTypeDescription = typeDescription;
    const specialTreatment = childrenNamed(details, 'SPECIAL_TREATMENT_CLASS')
      .filter((s) => s.text.trim())
      .map((s) => ({ type: s.attrs.type ?? '', value: s.text.trim() }));
    if (specialTreatment.length) customFields.specialTreatmentClasses = specialTreatment;
    const logistic = child(node, 'PRODUCT_LOGISTIC_DETAILS');
    if (logistic) {
      const tariff = descendantsNamed(logistic, 'CUSTOMS_NUMBER')[0]?.text.trim();
      if (tariff) customFields.customsTariffNumber = tariff;
      const origin = childText(logistic, 'COUNTRY_OF_ORIGIN');
      if (origin) customFields.countryOfOrigin = origin;
      const weight = parseDecimal(descendantsNamed(logistic, 'WEIGHT')[0]?.text);
      if (weight) customFields.grossWeight = `${trimDecimal(weight)} kg`;
    }
    const alt = childText(details, 'SUPPLIER_ALT_AID') ?? childText(details, 'SUPPLIER_ALT_PID');
    if (alt && alt !== productNumber) customFields.supplierAlternativeNumber = alt;

    return {
      source: this.source,
      productNumber,
      name,
      description: Object.keys(description).length ? description : undefined,
      keywords: this.joinedPerLocale(childrenNamed(details, 'KEYWORD'), item),
      ean,
      manufacturerName: childText(details, 'MANUFACTURER_NAME'),
      manufacturerNumber: childText(details, 'MANUFACTURER_AID') ?? childText(details, 'MANUFACTURER_PID'),
      properties: features.properties.length ? features.properties : undefined,
      prices: prices.length ? prices : undefined,
      media: this.readMedia(child(node, 'MIME_INFO'), item),
      references: references.length ? references : undefined,
      unit: order.unit,
      contentUnit: order.contentUnit,
      contentPerUnit: order.contentPerUnit,
      minPurchase: order.min,
      purchaseSteps: order.step,
      maxPurchase: order.max,
      deliveryTimeMin: deliveryDays !== undefined ? Math.ceil(deliveryDays) : undefined,
      deliveryTimeMax: deliveryDays !== undefined ? Math.ceil(deliveryDays) : undefined,
      deliveryTimeUnit: deliveryDays !== undefined ? 'day' : undefined,
      taxRate: taxFraction !== undefined ? Number(multiplyDecimal(taxFraction, '100')) : undefined,
      customFields: Object.keys(customFields).length ? customFields : undefined,
    };
  }

  readOrderDetails(
    node: XmlNode,
    item: string,
  ): {
    unit?: string;
    contentUnit?: string;
    contentPerUnit?: string;
    priceQuantity?: string;
    min?: number;
    step?: number;
    max?: number;
  } {
    const order = child(node, 'ARTICLE_ORDER_DETAILS') ?? child(node, 'PRODUCT_ORDER_DETAILS');
    // fischer (nexMart) repeats the consumer order details inside UDX; they fill what the standard block lacks.
    const udx = child(node, 'USER_DEFINED_EXTENSIONS');
    const udxValue = (name: string): string | undefined => descendantsNamed(udx, name)[0]?.text.trim() || undefined;
    const pick = (name: string): string | undefined => childText(order, name) ?? udxValue(name);
    const unit = normaliseOrderUnit(pick('ORDER_UNIT'));
    const rawUnit = pick('ORDER_UNIT')?.toUpperCase();
    if (rawUnit && rawUnit !== unit)
      this.report.warn('legacy-unit', item, `order unit ${rawUnit} read as ${unit} (UN/ECE Rec 20)`);
    let min = parseQuantity(pick('QUANTITY_MIN'));
    let step = parseQuantity(pick('QUANTITY_INTERVAL'));
    const max = parseQuantity(pick('QUANTITY_MAX'));
    if (min !== undefined && !Number.isInteger(min)) {
      this.report.warn('fractional-quantity', item, `QUANTITY_MIN ${min} rounded up to ${Math.ceil(min)}`);
      min = Math.ceil(min);
    }
    if (step !== undefined && !Number.isInteger(step)) {
      this.report.warn('fractional-quantity', item, `QUANTITY_INTERVAL ${step} rounded up to ${Math.ceil(step)}`);
      step = Math.ceil(step);
    }
    const priceQuantity = parseDecimal(pick('PRICE_QUANTITY'));
    return {
      unit,
      contentUnit: normaliseOrderUnit(pick('CONTENT_UNIT')),
      contentPerUnit: parseDecimal(pick('NO_CU_PER_OU')),
      priceQuantity: priceQuantity && signOfDecimal(priceQuantity) > 0 ? trimDecimal(priceQuantity) : undefined,
      min,
      step,
      max: max !== undefined ? Math.floor(max) : undefined,
    };
  }

  readValidity(block: XmlNode, item: string): { from?: Date; to?: Date } {
    const out: { from?: Date; to?: Date } = {};
    for (const dt of childrenNamed(block, 'DATETIME')) {
      const date = parseBmecatDate(childText(dt, 'DATE'), childText(dt, 'TIME'), childText(dt, 'TIMEZONE'));
      if (!date) continue;
      const type = (dt.attrs.type ?? '').toLowerCase();
      if (type === 'valid_start_date') out.from = date;
      else if (type === 'valid_end_date') out.to = date;
      else if (!type) {
        this.report.warn(
          'datetime-without-type',
          item,
          'DATETIME without type in price details: read as valid_start_date',
        );
        out.from ??= date;
      }
    }
    const start = parseBmecatDate(childText(block, 'VALID_START_DATE'));
    const end = parseBmecatDate(childText(block, 'VALID_END_DATE'));
    if (start) out.from = start;
    if (end) out.to = end;
    return out;
  }

  readPrices(node: XmlNode, item: string, priceQuantity: string | undefined): CatalogPrice[] {
    const prices: CatalogPrice[] = [];
    const now = this.options.now ?? new Date();
    const blocks = [...childrenNamed(node, 'ARTICLE_PRICE_DETAILS'), ...childrenNamed(node, 'PRODUCT_PRICE_DETAILS')];
    for (const block of blocks) {
      const validity = this.readValidity(block, item);
      for (const p of [...childrenNamed(block, 'ARTICLE_PRICE'), ...childrenNamed(block, 'PRODUCT_PRICE')]) {
        const priceType = (p.attrs.price_type ?? '').trim() || 'net_list';
        const rawAmount = childText(p, 'PRICE_AMOUNT');
        if (rawAmount === undefined) {
          this.report.warn(
            'price-without-amount',
            item,
            `${priceType} price without PRICE_AMOUNT (LOWER_BOUND ${childText(p, 'LOWER_BOUND') ?? '-'}) skipped`,
          );
          continue;
        }
        let amount = parseDecimal(rawAmount);
        if (amount === undefined || signOfDecimal(amount) < 0) {
          this.report.warn(
            'unreadable-price',
            item,
            `${priceType} PRICE_AMOUNT "${rawAmount}" is not a decimal; skipped`,
          );
          continue;
        }
        const factor = parseDecimal(childText(p, 'PRICE_FACTOR'));
        if (factor !== undefined && signOfDecimal(factor) > 0 && trimDecimal(factor) !== '1')
          amount = multiplyDecimal(amount, factor);
        if (signOfDecimal(amount) === 0) {
          this.report.warn('zero-price', item, `${priceType} price of 0 skipped (treated as price on request)`);
          continue;
        }
        let tax = parseDecimal(childText(p, 'TAX'));
        if (tax !== undefined && Number(tax) >= 1) tax = trimDecimal(multiplyDecimal(tax, '0.01'));
        const lowerBound = parseQuantity(childText(p, 'LOWER_BOUND'));
        if (validity.to && validity.to < now) {
          this.report.warn(
            'expired-price',
            item,
            `${priceType} price valid until ${validity.to.toISOString().slice(0, 10)} has expired`,
          );
        }
        prices.push({
          priceType,
          amount,
          currency: (childText(p, 'PRICE_CURRENCY') ?? this.header.currency ?? 'EUR').toUpperCase(),
          lowerBound: lowerBound ?? 1,
          priceQuantity,
          tax,
          validFrom: validity.from,
          validTo: validity.to,
        });
      }
    }
    return prices;
  }

  readFeatures(
    node: XmlNode,
    item: string,
  ): {
    properties: CatalogProperty[];
    bullets: { heading?: string; items: string[] }[];
    customFields: Record<string, unknown>;
  } {
    const properties: CatalogProperty[] = [];
    const bullets: { heading?: string; items: string[] }[] = [];
    const customFields: Record<string, unknown> = {};
    const seen = new Set<string>();
    const locale = this.header.defaultLocale;
    const classificationGroups = new Set<string>();
    let position = 0;
    const classifications: { system: 'ECLASS' | 'UNSPSC'; code: string; name: string | null }[] = [];
    for (const block of [...childrenNamed(node, 'ARTICLE_FEATURES'), ...childrenNamed(node, 'PRODUCT_FEATURES')]) {
      const heading = childText(block, 'REFERENCE_FEATURE_GROUP_NAME');
      // The article's class in a classification system (BMEcat 2005 REFERENCE_FEATURE_SYSTEM_NAME "ECLASS-5.1" or
      // "UNSPSC-…" with REFERENCE_FEATURE_GROUP_ID "23-11-01-01"): kept as digits for punch-out documents (OCI
      // MATGROUP / EXT_CATEGORY_ID, cXML Classification).
      const system = /^\s*(ECLASS|UNSPSC)/i.exec(childText(block, 'REFERENCE_FEATURE_SYSTEM_NAME') ?? '')?.[1];
      const classCode = (childText(block, 'REFERENCE_FEATURE_GROUP_ID') ?? '').replace(/[^0-9]/g, '');
      if (system && /^\d{8}$/.test(classCode)) {
        const upper = system.toUpperCase() as 'ECLASS' | 'UNSPSC';
        if (!classifications.some((c) => c.system === upper)) {
          classifications.push({ system: upper, code: classCode, name: heading ?? null });
        }
      }
      const fromClassification = /ECLASS|ETIM|PROFICL/i.test(childText(block, 'REFERENCE_FEATURE_SYSTEM_NAME') ?? '');
      const bulletItems: string[] = [];
      const features = descendantsNamed(block, 'FEATURE');
      const names = new Set(features.map((f) => childText(f, 'FNAME')).filter((n): n is string => !!n));
      for (const f of features) {
        position++;
        const template = child(f, 'FTEMPLATE');
        let fname = this.localized(childrenNamed(f, 'FNAME'), item);
        const templateName = childText(template, 'FT_NAME');
        const defaultName = fname[locale] ?? Object.values(fname)[0] ?? templateName ?? '';
        const rawValues = childrenNamed(f, 'FVALUE').filter((v) => v.text.trim());
        const valueDetails = childText(f, 'FVALUE_DETAILS');

        if (defaultName === '-' || defaultName === '') {
          if (!templateName) {
            bulletItems.push(...rawValues.map((v) => v.text.trim()));
            continue;
          }
        }
        let groupKey = defaultName;
        if (isClassificationCode(groupKey)) {
          const label = templateName ?? labelOfCode(groupKey);
          if (!label) {
            this.report.warn('classification-code-name', item, `feature ${groupKey} has no readable name; skipped`);
            continue;
          }
          groupKey = label;
          fname = { [locale]: label };
        } else if (Object.keys(fname).length === 0 && templateName) {
          fname = { [locale]: templateName };
        }
        // nexMart logistics (TariffNo, GrossWeight, …) go to customFields; their "…Unit" companions are redundant.
        const logisticKey = LOGISTIC_FEATURES[groupKey];
        if (groupKey.endsWith('Unit') && names.has(groupKey.slice(0, -4))) continue;
        if (logisticKey) {
          const v = rawValues[0]?.text.trim();
          if (v) {
            const unit = readFeatureUnit(childText(f, 'FUNIT'));
            customFields[logisticKey] = unit.symbol
              ? `${featureValueText(v, {})} ${unit.symbol}`
              : featureValueText(v, unit);
          }
          continue;
        }
        // Weidmüller writes the eCl@ss hierarchy as features whose value repeats the name: headings, not data.
        if (child(f, 'VALUE_IDREF') && valueDetails && valueDetails === templateName) continue;

        const unit = readFeatureUnit(childText(f, 'FUNIT'));
        const values: LocalizedText[] = [];
        const langValues = rawValues.filter((v) => v.attrs.lang);
        if (langValues.length) values.push(this.localized(langValues, item, (t) => featureValueText(t, unit)));
        for (const v of rawValues.filter((x) => !x.attrs.lang)) {
          const t = v.text.trim();
          if (isClassificationCode(t)) {
            if (valueDetails) values.push({ [locale]: valueDetails });
            else
              this.report.warn(
                'classification-code-value',
                item,
                `value ${t} of "${groupKey}" is a classification code without label; skipped`,
              );
            continue;
          }
          values.push({ [locale]: featureValueText(t, unit) });
        }
        if (rawValues.length === 0 && valueDetails && !isClassificationCode(valueDetails))
          values.push({ [locale]: valueDetails });
        const order = parseQuantity(childText(f, 'FORDER'));
        for (const value of values) {
          const key = `${groupKey}\u0000${JSON.stringify(value)}`;
          if (seen.has(key) || Object.keys(value).length === 0) continue;
          seen.add(key);
          if (fromClassification) classificationGroups.add(groupKey);
          properties.push({
            group: groupKey,
            groupName: this.withLabels(fname, 'feature'),
            value,
            unit: unit.symbol,
            position: order ?? position,
          });
        }
      }
      if (bulletItems.length) bullets.push({ heading, items: bulletItems });
    }
    if (classifications.length) customFields.classifications = classifications;
    return {
      properties: this.pruneClassificationBlocks(properties, classificationGroups, item),
      bullets,
      customFields,
    };
  }

  /**
   * eCl@ss ADVANCED data (Weidmüller: thousands of features per article) repeats blocks for every connection, fixing
   * point and related part, and counts them ("Anzahl der …"). Those are CAD/engineering records, not product
   * properties: counters and groups with more than 3 values in one article are dropped, and only single-valued
   * groups are offered as filters.
   */
  pruneClassificationBlocks(
    properties: CatalogProperty[],
    classificationGroups: Set<string>,
    item: string,
  ): CatalogProperty[] {
    if (classificationGroups.size === 0) return properties;
    const counts = new Map<string, number>();
    for (const p of properties) counts.set(p.group, (counts.get(p.group) ?? 0) + 1);
    let dropped = 0;
    const kept = properties.filter((p) => {
      if (!classificationGroups.has(p.group)) return true;
      const n = counts.get(p.group) ?? 0;
      if (n > 3 || /^Anzahl (der|des) /.test(p.group)) {
        dropped++;
        return false;
      }
      if (n > 1) p.filterable = false;
      return true;
    });
    if (dropped)
      this.report.warn(
        'classification-block',
        item,
        `${dropped} repeated eCl@ss block values and counters not imported as properties`,
      );
    return kept;
  }

  readMedia(mimeInfo: XmlNode | undefined, item: string): CatalogMedia[] | undefined {
    if (!mimeInfo) return undefined;
    const out: CatalogMedia[] = [];
    const seen = new Set<string>();
    childrenNamed(mimeInfo, 'MIME').forEach((m, index) => {
      const rawSource = childText(m, 'MIME_SOURCE');
      if (!rawSource) {
        this.report.warn('media-without-source', item, 'MIME without MIME_SOURCE skipped');
        return;
      }
      const mimeType = normaliseMimeType(childText(m, 'MIME_TYPE'), rawSource);
      const source = this.report.mediaSource(
        mimeType === 'text/html' || isAbsoluteUrl(rawSource)
          ? rawSource
          : resolveMimeSource(rawSource, this.header.mimeRoot),
        item,
      );
      if (source === undefined || seen.has(source)) return;
      seen.add(source);
      const isImage = mimeType?.startsWith('image/') ?? false;
      const purpose = (
        childText(m, 'MIME_PURPOSE') ?? (isImage ? 'normal' : mimeType === 'application/pdf' ? 'data_sheet' : 'others')
      ).toLowerCase();
      const descr = this.localized(childrenNamed(m, 'MIME_DESCR'), item);
      const alt = Object.keys(descr).length ? descr : this.localized(childrenNamed(m, 'MIME_ALT'), item);
      out.push({
        source,
        mimeType,
        purpose,
        description: Object.keys(alt).length ? alt : undefined,
        position: parseQuantity(childText(m, 'MIME_ORDER')) ?? index + 1,
      });
    });
    return out.length ? out : undefined;
  }

  readReferences(node: XmlNode, item: string): CatalogReference[] {
    const out: CatalogReference[] = [];
    const refs = [...childrenNamed(node, 'ARTICLE_REFERENCE'), ...childrenNamed(node, 'PRODUCT_REFERENCE')];
    refs.forEach((r, index) => {
      const target = childText(r, 'ART_ID_TO') ?? childText(r, 'PROD_ID_TO');
      if (!target) {
        this.report.warn('reference-without-target', item, `${r.name} without ART_ID_TO/PROD_ID_TO skipped`);
        return;
      }
      let type = (r.attrs.type ?? '').trim().toLowerCase();
      if (!type) {
        this.report.warn('reference-without-type', item, `${r.name} to ${target} has no type: read as 'others'`);
        type = 'others';
      }
      const quantity = parseQuantity(r.attrs.quantity);
      this.referenceTargets.add(target);
      out.push({ type, productNumber: target, quantity, position: index + 1 });
    });
    return out;
  }
}

/**
 * Imports one BMEcat document (a file path or byte chunks) into `sink`.
 *
 * Returns the ImportReport; never throws for problems of the document itself (malformed XML, broken structure,
 * unsupported version, limits): those end in `report.skipped` with `products: 0`. Throws only when the file cannot be
 * read at all (ENOENT, EACCES) or the sink fails.
 */
export async function importBmecat(
  input: string | AsyncIterable<Uint8Array | string>,
  sink: CatalogSink,
  options: BmecatImportOptions = {},
): Promise<ImportReport> {
  const fileLabel = options.fileLabel ?? (typeof input === 'string' ? input : 'stream');
  const report = new ReportBuilder(fileLabel, 'bmecat');
  const spool = new ChangeSpool(options.spoolMemoryLimit);
  const mapper = new BmecatMapper(report, spool, options);
  let transaction: Transaction | undefined;
  let sawRoot = false;
  let rejected: string | undefined;

  const isItemRoot = (name: string, path: string[]): boolean => {
    if (path.some(isUdx) || isUdx(name)) return false;
    const parent = path[path.length - 1];
    if (name === 'HEADER') return parent === 'BMECAT';
    if (TRANSACTION_ITEMS.has(name)) return parent !== undefined && TRANSACTIONS.has(parent);
    if (name === 'CATALOG_STRUCTURE') return true;
    // A container reaching this point sits outside any article: captured only to be reported.
    return name in CONTAINER_PARENTS && name !== 'ARTICLE' && name !== 'PRODUCT';
  };

  try {
    const chunks = typeof input === 'string' ? fileChunks(input) : input;
    for await (const event of readXmlEvents(chunks, isItemRoot, options.limits)) {
      if (event.type === 'doctype') {
        report.warn(
          'doctype',
          fileLabel,
          'DOCTYPE present: its DTD and entity declarations are ignored, never fetched',
        );
      } else if (event.type === 'open') {
        if (!sawRoot) {
          sawRoot = true;
          if (event.name !== 'BMECAT') {
            rejected = `not a BMEcat document: root element is <${event.name}>`;
            break;
          }
          const version = (event.attrs.version ?? '').trim();
          report.report.format = `bmecat-${version || 'unknown'}`;
          if (version === '1.01') {
            report.warn('version', fileLabel, 'BMEcat 1.01 is read with the rules of 1.2 (same element names)');
          } else if (!SUPPORTED_VERSIONS.has(version)) {
            report.warn(
              'version',
              fileLabel,
              `BMEcat version "${version}" is not one of 1.2, 2005, 2005.1, 2005.2: read by element names`,
            );
          }
        } else if (TRANSACTIONS.has(event.name)) {
          transaction = event.name as Transaction;
        } else if (
          (event.name === 'CLASSIFICATION_SYSTEM' || event.name === 'FEATURE_SYSTEM') &&
          event.path.length === 2
        ) {
          report.warn(
            'ignored-element',
            fileLabel,
            `${event.name} (feature classification) is not a shop category tree; ignored`,
          );
        } else if (event.name === 'ARTICLE' || event.name === 'PRODUCT') {
          mapper.structureErrors.push(
            `line ${event.line}: <${event.name}> inside <${event.path[event.path.length - 1] ?? 'document'}>`,
          );
        }
      } else if (event.type === 'item') {
        const { node, path } = event;
        const parent = path[path.length - 1];
        if (node.name === 'HEADER') {
          mapper.readHeader(node, fileLabel);
        } else if (node.name === 'CATALOG_STRUCTURE') {
          if (parent !== 'CATALOG_GROUP_SYSTEM')
            mapper.structureErrors.push(`line ${node.line}: <CATALOG_STRUCTURE> inside <${parent}>`);
          else mapper.readCategory(node);
        } else if (node.name in CONTAINER_PARENTS && !TRANSACTION_ITEMS.has(node.name)) {
          mapper.structureErrors.push(
            `line ${node.line}: <${node.name}> outside <ARTICLE>/<PRODUCT> (inside <${parent}>)`,
          );
        } else if (transaction) {
          const before = mapper.structureErrors.length;
          for (const c of node.children) mapper.checkStructure(c, node.name);
          if (mapper.structureErrors.length > before) continue;
          if (node.name === 'ARTICLE' || node.name === 'PRODUCT') await mapper.readProduct(node, transaction);
          else mapper.readGroupMap(node, transaction);
        }
      }
    }
    if (!rejected && !sawRoot) rejected = 'empty document';
    if (!rejected && mapper.structureErrors.length) {
      rejected = `invalid BMEcat structure (${mapper.structureErrors.length} error${mapper.structureErrors.length > 1 ? 's' : ''}): ${mapper.structureErrors.slice(0, 5).join('; ')}`;
    }
  } catch (err) {
    if (err instanceof XmlFormatError) rejected = `not well-formed XML: ${err.message}`;
    else if (err instanceof XmlLimitError) rejected = `limit exceeded: ${err.message}`;
    else {
      await spool.dispose();
      throw err;
    }
  }

  try {
    if (rejected) {
      report.skip(fileLabel, `${rejected}; nothing imported from this file`);
      return report.finish();
    }
    for (const productNumber of spool.assignedProductNumbers()) {
      if (!mapper.productNumbers.has(productNumber)) {
        report.warn(
          'map-for-unknown-product',
          productNumber,
          'category assignment for an article that is not in this file; ignored',
        );
      }
    }
    for (const target of mapper.referenceTargets) {
      if (!mapper.productNumbers.has(target))
        report.warn('reference-outside-file', target, 'referenced article is not in this file: kept by number');
    }
    const counting: CatalogSink = {
      write: async (change: CatalogChange) => {
        if (change.kind === 'category') report.report.categories++;
        else if (change.kind === 'product') report.report.products++;
        else if (change.kind === 'delete-product') report.report.deleted++;
        else report.report.priceUpdates++;
        await sink.write(change);
      },
    };
    const knownProducts = mapper.productNumbers;
    await spool.drain({
      write: async (change) => {
        // Assignments only reach products of this file; others were reported above.
        if (change.kind !== 'product' || knownProducts.has(change.product.productNumber)) await counting.write(change);
      },
    });
    return report.finish();
  } finally {
    await spool.dispose();
  }
}
