/**
 * Demo order lists (docs/decisions/017) and the environmental contributions of the catalogue's electrical articles.
 *
 * Order lists, for the demo companies that exist, made of the articles the demo ERP history is made of
 * (./seed-erp.ts `loadArticles`, so the first of them carry the demo article links' customer numbers):
 * - Bouwbedrijf Peeters: a private list of anna.peeters, the shared list "Werkplaats – maandelijks" (tags Werkplaats
 *   and Maandelijks, created by anna.peeters, with two electrical articles when the catalogue has them) and a private
 *   list of jan.janssens;
 * - Huber Metallbau: the shared list "Werkstatt – Verbrauchsmaterial" of markus.huber.
 * Quantities lie on each article's purchase grid (../commerce/cart/purchase-rules.ts `purchasableQuantity`).
 * Seeded once per company: a company that has any order list is left alone, so lists buyers changed or deleted stay
 * as they left them. A missing company or user, or a catalogue without articles, seeds nothing for it.
 *
 * Ecotax (`product.ecotax_cents`, net cents per order unit): the Belgian contributions on electrical and electronic
 * equipment (Recupel) and on batteries (Bebat) for the generated catalogue's power tools, welding machines and voltage
 * testers, set only where none is set yet, so a value an import or an operator set stays.
 */
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { categoryId } from '../catalog/writer/ids.ts';
import { GENERATED_SOURCE } from '../catalog/generate/generate-catalog.ts';
import { stableId } from '../lib/ids.ts';
import { lineTotalCents, unitPriceForQuantity } from '../lib/price.ts';
import { purchasableQuantity } from '../commerce/cart/purchase-rules.ts';
import type { Db } from '../db/client.ts';
import {
  companyTable,
  customerTable,
  orderListItemTable,
  orderListTable,
  orderListTagAssignmentTable,
  orderListTagTable,
  productTable,
} from '../db/schema/index.ts';
import { demoCompanyId, demoCustomerId } from './seed-customers.ts';
import { loadArticles, type DemoArticle } from './seed-erp.ts';

/**
 * Contribution per order unit in cents by category of the generated catalogue (externalId below the source
 * `generated`): Recupel's rate for electrical tools, plus Bebat's battery contribution for cordless tools.
 */
export const DEMO_ECOTAX_CENTS: readonly { category: string; cents: number }[] = [
  { category: 'power-tools/drills/cordless-drills', cents: 125 },
  { category: 'power-tools/drills/impact-drills', cents: 85 },
  { category: 'power-tools/angle-grinders', cents: 85 },
  { category: 'welding/welding-machines', cents: 150 },
  { category: 'electrical/voltage-testers', cents: 10 },
];

/** One demo list: company key, creator, sharing, tags, and items by index into the demo articles with quantities. */
export interface DemoOrderList {
  key: string;
  company: string;
  createdBy: string;
  name: string;
  ownerType: 'user' | 'company';
  tags: string[];
  items: { article: number; quantity: number }[];
  /** Electrical articles (ones with ecotax) to add at the end, with this quantity each. */
  electrical?: { count: number; quantity: number };
}

export const DEMO_ORDER_LISTS: readonly DemoOrderList[] = [
  {
    key: 'peeters-anna',
    company: 'peeters',
    createdBy: 'anna.peeters',
    name: 'Mijn vaste artikelen',
    ownerType: 'user',
    tags: [],
    items: [
      { article: 0, quantity: 10 },
      { article: 1, quantity: 5 },
      { article: 2, quantity: 2 },
      { article: 3, quantity: 20 },
      { article: 4, quantity: 1 },
    ],
  },
  {
    key: 'peeters-werkplaats',
    company: 'peeters',
    createdBy: 'anna.peeters',
    name: 'Werkplaats – maandelijks',
    ownerType: 'company',
    tags: ['Werkplaats', 'Maandelijks'],
    items: [
      { article: 5, quantity: 4 },
      { article: 6, quantity: 12 },
      { article: 9, quantity: 3 },
      { article: 12, quantity: 25 },
      { article: 15, quantity: 6 },
      { article: 18, quantity: 2 },
      { article: 21, quantity: 10 },
      { article: 24, quantity: 1 },
    ],
    electrical: { count: 2, quantity: 1 },
  },
  {
    key: 'peeters-jan',
    company: 'peeters',
    createdBy: 'jan.janssens',
    name: 'Werf Gent – ruwbouw',
    ownerType: 'user',
    tags: ['Werf'],
    items: [
      { article: 30, quantity: 50 },
      { article: 31, quantity: 8 },
      { article: 33, quantity: 3 },
    ],
  },
  {
    key: 'huber-werkstatt',
    company: 'huber',
    createdBy: 'markus.huber',
    name: 'Werkstatt – Verbrauchsmaterial',
    ownerType: 'company',
    tags: ['Werkstatt'],
    items: [
      { article: 1, quantity: 6 },
      { article: 4, quantity: 2 },
      { article: 7, quantity: 15 },
      { article: 10, quantity: 4 },
      { article: 13, quantity: 10 },
      { article: 16, quantity: 1 },
    ],
    electrical: { count: 1, quantity: 2 },
  },
];

/** Most a demo line is worth at the list price, cents: a workshop list reorders consumables, not ten ladders. */
const DEMO_LINE_MAX_CENTS = 50_000;

/**
 * `wanted` made purchasable (minimum and step, as the cart allows) and then lowered step by step while the line would
 * be worth more than DEMO_LINE_MAX_CENTS, never below the article's minimum.
 */
function plausibleQuantity(article: DemoArticle, wanted: number): number {
  let quantity = purchasableQuantity(article, wanted);
  const step = Math.max(1, article.purchaseSteps);
  const minimum = purchasableQuantity(article, 1);
  const worth = (q: number) => {
    const unit = unitPriceForQuantity(article.prices, article.taxRate, q);
    return unit === undefined ? 0 : lineTotalCents(unit, q);
  };
  while (quantity - step >= minimum && worth(quantity) > DEMO_LINE_MAX_CENTS) quantity -= step;
  return quantity;
}

/** Stable id of a demo list. */
export const demoOrderListId = (key: string): string => stableId('demo-order-list', key);

/**
 * Sets the ecotax of the generated catalogue's electrical articles where none is set (see the module comment).
 *
 * @returns the number of articles that got a contribution now.
 */
export async function seedEcotax(db: Db): Promise<number> {
  let written = 0;
  for (const { category, cents } of DEMO_ECOTAX_CENTS) {
    const rows = await db
      .update(productTable)
      .set({ ecotaxCents: cents })
      .where(
        and(
          isNull(productTable.ecotaxCents),
          sql`${categoryId(GENERATED_SOURCE, category)} = ANY(${productTable.categoryTree})`,
        ),
      )
      .returning({ id: productTable.id });
    written += rows.length;
  }
  return written;
}

/** Active, orderable articles with ecotax, by id (the electrical articles of the demo lists). */
async function electricalArticles(db: Db, limit: number): Promise<DemoArticle[]> {
  const rows = await db
    .select({
      id: productTable.id,
      productNumber: productTable.productNumber,
      minPurchase: productTable.minPurchase,
      purchaseSteps: productTable.purchaseSteps,
    })
    .from(productTable)
    .where(
      and(eq(productTable.active, true), eq(productTable.childCount, 0), sql`${productTable.ecotaxCents} IS NOT NULL`),
    )
    .orderBy(productTable.id)
    .limit(limit);
  return rows.map((r) => ({ ...r, translated: {}, taxRate: '21', unit: 'C62', prices: [] }));
}

/**
 * Seeds the ecotax (`seedEcotax`) and the demo order lists (see the module comment).
 *
 * @returns the keys of the lists written now and the number of articles that got an ecotax.
 */
export async function seedOrderLists(db: Db): Promise<{ lists: string[]; ecotax: number }> {
  const ecotax = await seedEcotax(db);
  const lists: string[] = [];
  const companies = [...new Set(DEMO_ORDER_LISTS.map((l) => l.company))];
  const present = new Set(
    (
      await db
        .select({ id: companyTable.id })
        .from(companyTable)
        .where(inArray(companyTable.id, companies.map(demoCompanyId)))
    ).map((r) => r.id),
  );
  const users = new Set(
    (
      await db
        .select({ id: customerTable.id })
        .from(customerTable)
        .where(
          inArray(
            customerTable.id,
            DEMO_ORDER_LISTS.map((l) => demoCustomerId(l.createdBy)),
          ),
        )
    ).map((r) => r.id),
  );
  let articles: DemoArticle[] | null = null;
  let electrical: DemoArticle[] | null = null;
  for (const company of companies) {
    const companyId = demoCompanyId(company);
    if (!present.has(companyId)) continue;
    const [existing] = await db
      .select({ n: count() })
      .from(orderListTable)
      .where(eq(orderListTable.companyId, companyId));
    if ((existing?.n ?? 0) > 0) continue;
    articles ??= await loadArticles(db);
    electrical ??= await electricalArticles(db, 3);
    if (!articles.length) continue;
    await db.transaction(async (tx) => {
      for (const demo of DEMO_ORDER_LISTS.filter((l) => l.company === company)) {
        const createdById = demoCustomerId(demo.createdBy);
        if (!users.has(createdById)) continue;
        const picked = new Map<string, number>();
        for (const item of demo.items) {
          const article = articles![item.article % articles!.length]!;
          if (!picked.has(article.id)) picked.set(article.id, plausibleQuantity(article, item.quantity));
        }
        for (const article of electrical!.slice(0, demo.electrical?.count ?? 0)) {
          if (!picked.has(article.id)) {
            picked.set(article.id, purchasableQuantity(article, demo.electrical!.quantity));
          }
        }
        const id = demoOrderListId(demo.key);
        const inserted = await tx
          .insert(orderListTable)
          .values({ id, companyId, createdById, name: demo.name, ownerType: demo.ownerType })
          .onConflictDoNothing()
          .returning({ id: orderListTable.id });
        if (!inserted.length) continue;
        await tx
          .insert(orderListItemTable)
          .values(
            [...picked].map(([productId, quantity], i) => ({ listId: id, productId, quantity, position: i + 1 })),
          );
        if (demo.tags.length) {
          await tx
            .insert(orderListTagTable)
            .values(
              demo.tags.map((name) => ({ id: stableId('demo-order-list-tag', `${company}:${name}`), companyId, name })),
            )
            .onConflictDoNothing();
          const tags = await tx
            .select({ id: orderListTagTable.id })
            .from(orderListTagTable)
            .where(
              and(
                eq(orderListTagTable.companyId, companyId),
                inArray(
                  sql`lower(${orderListTagTable.name})`,
                  demo.tags.map((t) => t.toLowerCase()),
                ),
              ),
            );
          await tx
            .insert(orderListTagAssignmentTable)
            .values(tags.map((t) => ({ listId: id, tagId: t.id })))
            .onConflictDoNothing();
        }
        lists.push(demo.key);
      }
    });
  }
  return { lists, ecotax };
}
