/**
 * Demo history of the simulated ERP (docs/decisions/016-erp.md), seeded once per demo company that exists
 * (Bouwbedrijf Peeters 100001, Huber Metallbau 200001), with stable ids:
 * - about two years of orders (250 for Peeters, 120 for Huber) from every channel: phone, e-mail, EDI, counter and
 *   orders of the former shop, most not placed in this shop; lines are real articles of the catalogue (the first
 *   active, priced articles by id: ids are hashes, so this is a stable spread over the catalogue) at their price
 *   for the quantity on the order day, with customer references, order references, some customer article numbers,
 *   backorders, pickups, rush orders, requested shipping dates and orders paid in advance; three cancelled orders
 *   per company and, for Huber (whose credit limit is small), orders held over the credit limit, two of them in the
 *   last day so they are still blocked;
 * - offers: processed and valid, processed and expired, and one open (processed 2 hours after it was sent);
 * then the simulation advances to `now`, so statuses, deliveries, invoices and offer prices follow from its rules.
 *
 * Everything varies by a hash of the order's key (../erp/simulated/schedule.ts `variation`), never at random, and
 * order times are counted back from `now`. A company whose first demo order exists is left alone (later starts write
 * nothing); without a priced article in the catalogue nothing is seeded.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BackendConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/client.ts';
import {
  companyAddressTable,
  companyTable,
  customerTable,
  erpOrderTable,
  offerLineTable,
  offerTable,
  type ErpAddress,
  type ErpTaxEntry,
} from '../db/schema/index.ts';
import { textArray } from '../db/sql-params.ts';
import { localDate } from '../lib/budget-period.ts';
import { stableId } from '../lib/ids.ts';
import { formatUnitPrice, lineTotalCents, percentOfCents, unitPriceForQuantity, type PriceRow } from '../lib/price.ts';
import { translateFields } from '../lib/translate.ts';
import { vatRateFor } from '../lib/vat-rates.ts';
import { loadPrices } from '../commerce/catalog/product.repository.ts';
import type { ErpOrderChannel, ErpOrderType } from '../../contract/provider/erp.ts';
import { createSimulatedErp, type AdvanceResult } from '../erp/simulated/index.ts';
import { insertErpOrders, type NewErpOrder, type NewErpOrderLine } from '../erp/simulated/intake.ts';
import { variation } from '../erp/simulated/schedule.ts';
import { demoCompanyId, demoCustomerId } from './seed-customers.ts';

/** Stable ids of the demo history's rows. */
export const demoErpOrderId = (company: string, index: number): string =>
  stableId('demo-erp-order', `${company}:${index}`);
export const demoOfferId = (company: string, key: string): string => stableId('demo-offer', `${company}:${key}`);

export interface DemoErpCompany {
  key: string;
  orders: number;
  /** Shop users who order by phone, e-mail or at the counter too. */
  buyers: string[];
  /** People of the company without a shop login who order by phone or at the counter. */
  otherBuyers: string[];
  /** The buyer's references, used in turn. */
  references: string[];
  /** Purchase order numbers some orders are booked to. */
  orderReferences: string[];
  /** Prefix of the buyer's own article numbers for the first articles. */
  articlePrefix: string;
  /** Orders held over the credit limit: their index from the newest (0) and whether they are still held. */
  creditHolds: number[];
  offersBy: string;
}

export const DEMO_ERP_COMPANIES: DemoErpCompany[] = [
  {
    key: 'peeters',
    orders: 250,
    buyers: ['jan.janssens', 'anna.peeters', 'tom.wuyts', 'lotte.claes'],
    otherBuyers: ['Koen Jacobs', 'Sarah De Smet', 'Wim Peeters'],
    references: ['Werf Gent', 'Project Schelde', 'Onderhoud wagenpark', 'Renovatie school Berchem', 'Magazijn'],
    orderReferences: ['PO-2026-001', 'Project Schelde'],
    articlePrefix: 'BP-',
    creditHolds: [],
    offersBy: 'anna.peeters',
  },
  {
    key: 'huber',
    orders: 120,
    buyers: ['markus.huber', 'eva.gruber'],
    otherBuyers: ['Stefan Huber', 'Julia Wagner'],
    references: ['Halle 2', 'Stahlbau Linz', 'Wartung', 'Auftrag Gruber', 'Lager'],
    orderReferences: [],
    articlePrefix: 'HM-',
    creditHolds: [1, 3, 40, 75],
    offersBy: 'markus.huber',
  },
];

/** Channels by share of orders (percent). */
const CHANNELS: [ErpOrderChannel, number][] = [
  ['phone', 25],
  ['email', 25],
  ['edi', 20],
  ['counter', 10],
  ['shop', 20],
];

/** Hours before `now` of the newest orders, so every early status has an order (open, in_progress, handling, …). */
const RECENT_HOURS = [0.5, 2, 3.5, 7, 16, 22, 30, 40, 54, 75, 100, 130, 170, 220, 300];
/**
 * Traits of some of the newest orders (by their place from the newest, 0), so that the statuses that last only days
 * have an order right after the seed: invoiced (paid in advance, 16 h old), not_yet_shipped (a pickup 30 h old and
 * an order with a requested date days ahead) and backorder (75 h old).
 */
const RECENT_TRAITS: Partial<Record<number, 'prepaid' | 'pickup' | 'requested' | 'backorder'>> = {
  4: 'prepaid',
  6: 'pickup',
  8: 'requested',
  9: 'backorder',
};
/** The oldest order is this many days before `now`. */
const HISTORY_DAYS = 730;
/** Articles the history is made of. */
const ARTICLE_COUNT = 60;

export interface DemoArticle {
  id: string;
  productNumber: string;
  translated: Record<string, { name?: string }>;
  taxRate: string;
  unit: string;
  minPurchase: number;
  purchaseSteps: number;
  prices: PriceRow[];
}

/**
 * The buyer's own article number of the history's `articleIndex`-th article (`{articlePrefix}{1000 + 7·index}`, e.g.
 * BP-1007), for the first DEMO_LINKED_ARTICLES articles; null for the others. The demo article links
 * (./seed-article-links.ts) link exactly these.
 */
export const DEMO_LINKED_ARTICLES = 8;
export function demoCustomerArticleNumber(demo: Pick<DemoErpCompany, 'articlePrefix'>, articleIndex: number) {
  return articleIndex < DEMO_LINKED_ARTICLES ? `${demo.articlePrefix}${String(1000 + articleIndex * 7)}` : null;
}

/** The articles the history is made of: the first ARTICLE_COUNT active, priced articles without variants, by id. */
export async function loadArticles(db: Db): Promise<DemoArticle[]> {
  const rows = await queryRows<{
    id: string;
    product_number: string;
    translated: Record<string, { name?: string }> | null;
    tax_rate: string | null;
    unit: string | null;
    min_purchase: number;
    purchase_steps: number;
  }>(
    db,
    sql`SELECT p.id, p.product_number, p.translated, p.tax_rate, p.unit, p.min_purchase, p.purchase_steps
          FROM product p
         WHERE p.active AND p.child_count = 0
           AND EXISTS (SELECT 1 FROM product_price pp WHERE pp.product_id = p.id AND pp.currency = 'EUR')
         ORDER BY p.id LIMIT ${ARTICLE_COUNT}`,
  );
  const prices = await loadPrices(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    productNumber: r.product_number,
    translated: r.translated ?? {},
    taxRate: String(r.tax_rate ?? '21'),
    unit: r.unit ?? 'C62',
    minPurchase: Math.max(1, Number(r.min_purchase)),
    purchaseSteps: Math.max(1, Number(r.purchase_steps)),
    prices: prices.get(r.id) ?? [],
  }));
}

/** The channel of the order with this key, by the shares of `CHANNELS`. */
function channelOf(key: string): ErpOrderChannel {
  let pick = variation(key, 'channel', 0, 99);
  for (const [channel, share] of CHANNELS) {
    if (pick < share) return channel;
    pick -= share;
  }
  return 'phone';
}

/** Order instant of the `index`-th of `count` orders (oldest first): spread over two years, the newest recent. */
function orderTimeOf(key: string, index: number, count: number, now: Date): Date {
  const fromNewest = count - 1 - index;
  const recent = RECENT_HOURS[fromNewest];
  if (recent !== undefined) return new Date(now.getTime() - recent * 3_600_000);
  const older = count - RECENT_HOURS.length;
  const share = (fromNewest - RECENT_HOURS.length + 1) / older;
  const days = 14 + share * (HISTORY_DAYS - 14);
  // Working hours in Brussels: 07:00 to 17:59 local, roughly 06:00 to 16:59 UTC.
  const day = new Date(now.getTime() - Math.round(days) * 86_400_000);
  day.setUTCHours(variation(key, 'hour', 6, 16), variation(key, 'minute', 0, 59), 0, 0);
  return day;
}

/** VAT per rate over the lines, with the costs on the rate of the largest goods value (cents). */
function taxesOf(lines: NewErpOrderLine[], costsCents: number): ErpTaxEntry[] {
  const perRate = new Map<string, number>();
  for (const l of lines) perRate.set(l.taxRate, (perRate.get(l.taxRate) ?? 0) + l.totalCents);
  const main = [...perRate].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (main) perRate.set(main, perRate.get(main)! + costsCents);
  return [...perRate].map(([taxRate, netCents]) => ({
    taxRate,
    netCents,
    taxCents: percentOfCents(netCents, taxRate),
  }));
}

interface CompanyData {
  id: string;
  name: string;
  countryCode: string;
  locale: string;
  addresses: ErpAddress[];
  buyers: { id: string; name: string }[];
}

/** The demo orders of one company (module comment), oldest first. */
function demoOrders(demo: DemoErpCompany, company: CompanyData, articles: DemoArticle[], now: Date): NewErpOrder[] {
  const orders: NewErpOrder[] = [];
  const cancelled = new Set([17, Math.floor(demo.orders / 2), demo.orders - 30]);
  for (let index = 0; index < demo.orders; index++) {
    const key = `${demo.key}:${index}`;
    const at = orderTimeOf(key, index, demo.orders, now);
    const channel = channelOf(key);
    const fromNewest = demo.orders - 1 - index;
    const roll = variation(key, 'kind', 0, 99);
    const trait = RECENT_TRAITS[fromNewest];
    const type: ErpOrderType = trait
      ? trait === 'pickup'
        ? 'pickup'
        : 'standard'
      : channel === 'counter' || roll < 6
        ? 'pickup'
        : roll < 12
          ? 'rush'
          : 'standard';
    const buyer =
      channel === 'edi'
        ? null
        : channel === 'shop' || variation(key, 'known', 0, 9) < 7
          ? company.buyers[variation(key, 'buyer', 0, company.buyers.length - 1)]
          : undefined;
    const orderedBy =
      channel === 'edi'
        ? null
        : (buyer?.name ?? demo.otherBuyers[variation(key, 'other', 0, demo.otherBuyers.length - 1)]!);

    const lineCount = variation(key, 'lines', 1, 6);
    const backorderLine =
      trait === 'backorder'
        ? 1
        : variation(key, 'backorder', 0, 99) < 10
          ? variation(key, 'backorder-line', 1, lineCount)
          : 0;
    const lines: NewErpOrderLine[] = [];
    const used = new Set<string>();
    for (let n = 1; n <= lineCount; n++) {
      const article = articles[variation(key, `article-${n}`, 0, articles.length - 1)]!;
      if (used.has(article.id)) continue;
      used.add(article.id);
      const quantity = article.minPurchase + article.purchaseSteps * variation(key, `quantity-${n}`, 0, 11);
      const unit = unitPriceForQuantity(article.prices, article.taxRate, quantity, 'EUR', at);
      if (unit === undefined) continue;
      const articleIndex = articles.indexOf(article);
      lines.push({
        productId: article.id,
        productNumber: article.productNumber,
        name: translateFields(article.translated, company.locale).name ?? article.productNumber,
        customerArticleNumber: demoCustomerArticleNumber(demo, articleIndex),
        quantity,
        unit: article.unit,
        unitPrice: formatUnitPrice(unit),
        totalCents: lineTotalCents(unit, quantity),
        taxRate: vatRateFor(article.taxRate, company.countryCode),
        backorderQuantity: n === backorderLine ? Math.max(1, Math.ceil(quantity / 2)) : 0,
      });
    }
    if (!lines.length) continue;
    const goodsCents = lines.reduce((s, l) => s + l.totalCents, 0);
    const deliveryCostCents = type === 'pickup' || goodsCents >= 25_000 ? 0 : 995;
    const additionalCostCents = goodsCents < 5_000 ? 750 : 0;
    const taxes = taxesOf(lines, deliveryCostCents + additionalCostCents);
    const netCents = goodsCents + deliveryCostCents + additionalCostCents;
    const billing = company.addresses[0]!;
    const delivery = company.addresses[variation(key, 'address', 0, company.addresses.length - 1)]!;
    const referenceRoll = variation(key, 'reference', 0, 9);
    const customerReference =
      channel === 'edi'
        ? `EDI-${localDate(at).replaceAll('-', '')}-${String(index).padStart(3, '0')}`
        : referenceRoll < 6
          ? demo.references[variation(key, 'reference-name', 0, demo.references.length - 1)]!
          : referenceRoll < 8
            ? `PO-${localDate(at).slice(0, 4)}-${String(100 + index).padStart(4, '0')}`
            : null;
    const requested = trait === 'requested' || (variation(key, 'requested', 0, 99) < 5 && type === 'standard');
    const held = demo.creditHolds.includes(fromNewest);
    orders.push({
      id: demoErpOrderId(demo.key, index),
      companyId: company.id,
      customerId: buyer?.id ?? null,
      shopOrderId: null,
      channel,
      type,
      orderDateTime: at,
      status: cancelled.has(index) ? 'cancelled' : 'open',
      customerReference,
      orderReferences:
        demo.orderReferences.length && variation(key, 'po', 0, 9) < 2
          ? [demo.orderReferences[variation(key, 'po-name', 0, demo.orderReferences.length - 1)]!]
          : [],
      orderedBy,
      locale: company.locale,
      deliveryAddress: type === 'pickup' ? null : delivery,
      billingAddress: billing,
      deliveryCostCents,
      additionalCostCents,
      netCents,
      taxes,
      totalCents: netCents + taxes.reduce((s, t) => s + t.taxCents, 0),
      paidInAdvance: trait === 'prepaid' || (!held && channel !== 'edi' && variation(key, 'prepaid', 0, 99) < 5),
      overCreditLimit: held,
      requestedShippingDate: requested
        ? localDate(new Date(at.getTime() + variation(key, 'wait', 5, 12) * 86_400_000))
        : null,
      lines,
    });
  }
  return orders;
}

async function loadCompany(db: Db, demo: DemoErpCompany): Promise<CompanyData | null> {
  const [company] = await db
    .select()
    .from(companyTable)
    .where(eq(companyTable.id, demoCompanyId(demo.key)));
  if (!company) return null;
  const addresses = await db
    .select()
    .from(companyAddressTable)
    .where(eq(companyAddressTable.companyId, company.id))
    .orderBy(sql`${companyAddressTable.isMain} DESC`, asc(companyAddressTable.createdAt), asc(companyAddressTable.id));
  const fallback: ErpAddress = {
    company: company.name,
    name: company.name,
    street: company.street ?? '',
    houseNumber: company.houseNumber,
    box: company.box,
    zipcode: company.zipcode ?? '',
    city: company.city ?? '',
    countryCode: company.countryCode,
  };
  const buyers = await db
    .select({ id: customerTable.id, firstName: customerTable.firstName, lastName: customerTable.lastName })
    .from(customerTable)
    .where(and(eq(customerTable.companyId, company.id), inArray(customerTable.id, demo.buyers.map(demoCustomerId))));
  const byId = new Map(buyers.map((b) => [b.id, b]));
  return {
    id: company.id,
    name: company.name,
    countryCode: company.countryCode,
    locale: company.locale,
    addresses: addresses.length
      ? addresses.map((a) => ({
          company: company.name,
          name: a.name,
          street: a.street,
          houseNumber: a.houseNumber,
          box: a.box,
          zipcode: a.zipcode,
          city: a.city,
          countryCode: a.countryCode,
        }))
      : [fallback],
    // In the order of `demo.buyers`, so the same key always names the same buyer.
    buyers: demo.buyers.flatMap((username) => {
      const b = byId.get(demoCustomerId(username));
      return b ? [{ id: b.id, name: `${b.firstName} ${b.lastName}` }] : [];
    }),
  };
}

/** The demo offers of one company: requested this long ago (hours), with these articles (indexes) and quantities. */
const DEMO_OFFERS: { key: string; hoursAgo: number; reference: string | null; lines: [number, number][] }[] = [
  {
    key: 'expired-1',
    hoursAgo: 24 * 140,
    reference: 'Offerte hal 3',
    lines: [
      [2, 10],
      [5, 4],
      [9, 25],
    ],
  },
  {
    key: 'expired-2',
    hoursAgo: 24 * 50,
    reference: null,
    lines: [
      [11, 6],
      [3, 2],
    ],
  },
  {
    key: 'valid-1',
    hoursAgo: 24 * 12,
    reference: 'Jaarcontract',
    lines: [
      [1, 50],
      [4, 20],
      [7, 12],
      [13, 5],
    ],
  },
  { key: 'valid-2', hoursAgo: 24 * 3, reference: 'Spoed', lines: [[6, 3]] },
  {
    key: 'open-1',
    hoursAgo: 0.5,
    reference: 'Nieuwe werf',
    lines: [
      [8, 15],
      [10, 2],
    ],
  },
];

async function seedOffers(db: Db, demo: DemoErpCompany, company: CompanyData, articles: DemoArticle[], now: Date) {
  const customerId = demoCustomerId(demo.offersBy);
  const [customer] = await db
    .select({ id: customerTable.id })
    .from(customerTable)
    .where(eq(customerTable.id, customerId));
  for (const offer of DEMO_OFFERS) {
    const id = demoOfferId(demo.key, offer.key);
    const requestedAt = new Date(now.getTime() - offer.hoursAgo * 3_600_000);
    const inserted = await db
      .insert(offerTable)
      .values({
        id,
        offerNumber: sql`nextval('offer_number_seq')::text`,
        companyId: company.id,
        customerId: customer?.id ?? null,
        clientReference: offer.reference,
        comment: null,
        locale: company.locale,
        offerDate: localDate(requestedAt),
        requestedAt,
      })
      .onConflictDoNothing()
      .returning({ id: offerTable.id });
    if (!inserted.length) continue;
    await db.insert(offerLineTable).values(
      offer.lines.map(([articleIndex, quantity], i) => {
        const article = articles[articleIndex % articles.length]!;
        return {
          offerId: id,
          lineNumber: i + 1,
          productId: article.id,
          productNumber: article.productNumber,
          description: translateFields(article.translated, company.locale).name ?? article.productNumber,
          customerArticleNumber: demoCustomerArticleNumber(demo, articleIndex),
          quantity: article.minPurchase + article.purchaseSteps * (quantity - 1),
          unit: article.unit,
        };
      }),
    );
  }
}

/** What the seed did: companies seeded now, orders written, and the simulation's advance. */
export interface ErpSeedResult {
  companies: string[];
  orders: number;
  advanced: AdvanceResult | null;
}

/** Seeds the demo ERP history where it is missing (module comment) and advances the simulation to `now`. */
export async function seedErpHistory(
  db: Db,
  config: Pick<BackendConfig, 'provider'>,
  now: Date = new Date(),
): Promise<ErpSeedResult> {
  const result: ErpSeedResult = { companies: [], orders: 0, advanced: null };
  const firstIds = DEMO_ERP_COMPANIES.map((d) => demoErpOrderId(d.key, 0));
  const present = new Set(
    (
      await db
        .select({ id: erpOrderTable.id })
        .from(erpOrderTable)
        .where(sql`${erpOrderTable.id} = ANY(${textArray(firstIds)})`)
    ).map((r) => r.id),
  );
  const missing = DEMO_ERP_COMPANIES.filter((d) => !present.has(demoErpOrderId(d.key, 0)));
  if (!missing.length) return result;
  const companies = (await Promise.all(missing.map(async (d) => [d, await loadCompany(db, d)] as const))).filter(
    (entry): entry is readonly [DemoErpCompany, CompanyData] => entry[1] !== null,
  );
  if (!companies.length) return result;
  const articles = await loadArticles(db);
  if (!articles.length) return result;
  const orders = companies
    .flatMap(([demo, company]) => demoOrders(demo, company, articles, now))
    .sort((a, b) => a.orderDateTime.getTime() - b.orderDateTime.getTime());
  await db.transaction(async (tx) => {
    for (let i = 0; i < orders.length; i += 200) await insertErpOrders(tx as unknown as Db, orders.slice(i, i + 200));
  });
  for (const [demo, company] of companies) await seedOffers(db, demo, company, articles, now);
  result.companies = companies.map(([d]) => d.key);
  result.orders = orders.length;
  result.advanced = await createSimulatedErp({ db, config }).advance(now);
  return result;
}
