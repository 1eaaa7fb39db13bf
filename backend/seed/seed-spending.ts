/**
 * Demo spending control (docs/decisions/015-budgets-and-approvals.md), seeded idempotently with stable ids for the
 * demo companies that exist:
 * - Bouwbedrijf Peeters: the order flow "Bouwplaats" (monthly, €2,000 per user, approval from €500, approver
 *   lotte.claes, users jan.janssens and tom.wuyts) with part of the budget used in the current period; the order
 *   references "PO-2026-001" (€5,000 a month, part used) and "Project Schelde" (no budget); three cost centres and
 *   three external contacts, two of them connected.
 * - Huber Metallbau: the order flow "Werkstatt" (monthly, €1,500 per user, approval from €1,000, approver
 *   markus.huber, user eva.gruber) with part of the budget used.
 *
 * Used budget is booked the way direct orders book it, through the budget ledger (../commerce/spending/
 * budget.service.ts `consume`: the period's usage row and a ledger row per order, so `used_cents` equals the sum of
 * the ledger rows). Existing rows are left as they are (`ON CONFLICT DO NOTHING`), and a period that already has a
 * usage row (real orders used it) is left alone; each new period gets its demo usage on the next start. The seed
 * runs once per process start, before requests are served.
 */
import { and, asc, between, eq, inArray, isNull } from 'drizzle-orm';
import type { StoreApi } from '../app.ts';
import { createCustomerContext, deleteContext } from '../auth/session.ts';
import type { BackendConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import {
  budgetUsageTable,
  cartLineItemTable,
  orderApprovalTable,
  productPriceTable,
  productTable,
  companyTable,
  costCenterTable,
  customerTable,
  externalContactTable,
  orderFlowApproverTable,
  orderFlowTable,
  orderFlowUserTable,
  orderReferenceApproverTable,
  orderReferenceTable,
} from '../db/schema/index.ts';
import { budgetPeriodAt, type PeriodWindow } from '../lib/budget-period.ts';
import { stableId } from '../lib/ids.ts';
import { consume, type BudgetKey } from '../commerce/spending/budget.service.ts';
import { SALES_CHANNEL_ID } from '../db/seed-channel.ts';
import { demoCompanyId, demoCustomerId } from './seed-customers.ts';

/** Stable ids of the seeded rows, by key. */
export const demoFlowId = (key: string): string => stableId('demo-order-flow', key);
export const demoOrderReferenceId = (key: string): string => stableId('demo-order-reference', key);
export const demoCostCenterId = (key: string): string => stableId('demo-cost-center', key);
export const demoExternalContactId = (key: string): string => stableId('demo-external-contact', key);

/** First day of every demo flow and reference, the anchor of their monthly periods. */
const DEMO_START_DATE = '2026-01-01';

interface DemoFlow {
  key: string;
  company: string;
  name: string;
  budgetCents: number;
  approveFromCents: number;
  approvers: string[];
  /** Each user with the amounts (cents) of the orders already booked in the current period. */
  users: { username: string; orders: number[] }[];
}

export const DEMO_FLOWS: DemoFlow[] = [
  {
    key: 'peeters:bouwplaats',
    company: 'peeters',
    name: 'Bouwplaats',
    budgetCents: 200_000,
    approveFromCents: 50_000,
    approvers: ['lotte.claes'],
    users: [
      { username: 'jan.janssens', orders: [42_350, 31_200] },
      { username: 'tom.wuyts', orders: [18_990] },
    ],
  },
  {
    key: 'huber:werkstatt',
    company: 'huber',
    name: 'Werkstatt',
    budgetCents: 150_000,
    approveFromCents: 100_000,
    approvers: ['markus.huber'],
    users: [{ username: 'eva.gruber', orders: [64_000] }],
  },
];

interface DemoReference {
  key: string;
  company: string;
  name: string;
  budgetCents: number | null;
  approvers: string[];
  createdBy: string;
  /** Amounts (cents) already booked in the current period. */
  orders: number[];
}

export const DEMO_ORDER_REFERENCES: DemoReference[] = [
  {
    key: 'peeters:po-2026-001',
    company: 'peeters',
    name: 'PO-2026-001',
    budgetCents: 500_000,
    approvers: ['lotte.claes'],
    createdBy: 'anna.peeters',
    orders: [125_000, 48_750],
  },
  {
    key: 'peeters:project-schelde',
    company: 'peeters',
    name: 'Project Schelde',
    budgetCents: null,
    approvers: [],
    createdBy: 'anna.peeters',
    orders: [],
  },
];

export const DEMO_COST_CENTERS = [
  { key: 'peeters:kst-100', company: 'peeters', identifier: 'KST-100', name: 'Werf Gent' },
  { key: 'peeters:kst-200', company: 'peeters', identifier: 'KST-200', name: 'Hoofdzetel Antwerpen' },
  { key: 'peeters:kst-300', company: 'peeters', identifier: 'KST-300', name: 'Onderhoud wagenpark' },
];

export const DEMO_EXTERNAL_CONTACTS = [
  {
    key: 'peeters:ext-01',
    company: 'peeters',
    identifier: 'EXT-01',
    name: 'Dirk Vermeulen',
    email: 'dirk.vermeulen@example.com',
    connected: true,
  },
  {
    key: 'peeters:ext-02',
    company: 'peeters',
    identifier: 'EXT-02',
    name: 'Sarah De Smet',
    email: 'sarah.desmet@example.com',
    connected: true,
  },
  {
    key: 'peeters:ext-03',
    company: 'peeters',
    identifier: 'EXT-03',
    name: 'Koen Jacobs',
    email: null,
    connected: false,
  },
];

/** The monthly period of the demo budgets containing `now` (backend/lib/budget-period.ts). */
export function demoPeriod(now: Date): PeriodWindow {
  const window = budgetPeriodAt({ period: 'monthly', renewable: true, startDate: DEMO_START_DATE, endDate: null }, now);
  if (!window) throw new Error(`The demo budgets start on ${DEMO_START_DATE}, after ${now.toISOString()}.`);
  return window;
}

/**
 * Books the demo orders' amounts against a budget in the current period through the budget ledger (`consume` of a
 * direct order: usage row and ledger row together), unless the period already has a usage row.
 */
async function seedUsage(
  db: Db,
  budget: BudgetKey & { companyId: string },
  orders: number[],
  now: Date,
): Promise<void> {
  if (!orders.length) return;
  const { start } = demoPeriod(now);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [used] = await tx
      .select({ used: budgetUsageTable.usedCents })
      .from(budgetUsageTable)
      .where(
        and(
          eq(budgetUsageTable.kind, budget.kind),
          eq(budgetUsageTable.budgetId, budget.budgetId),
          eq(budgetUsageTable.customerId, budget.customerId ?? ''),
          eq(budgetUsageTable.periodStart, start),
        ),
      );
    if (used) return;
    for (const amountCents of orders) {
      const booked = await consume(tx, { ...budget, at: now, amountCents });
      if (!booked) throw new Error(`The demo orders exceed the budget ${budget.kind} ${budget.budgetId}.`);
    }
  });
}

/** Adds the demo flows, order references, cost centres and external contacts that are missing (module comment). */
export async function seedSpending(db: Db, now: Date = new Date()): Promise<void> {
  const companyIds = [...new Set([...DEMO_FLOWS, ...DEMO_ORDER_REFERENCES].map((x) => demoCompanyId(x.company)))];
  const companies = new Set(
    (await db.select({ id: companyTable.id }).from(companyTable).where(inArray(companyTable.id, companyIds))).map(
      (r) => r.id,
    ),
  );
  const usernames = [
    ...DEMO_FLOWS.flatMap((f) => [...f.approvers, ...f.users.map((u) => u.username)]),
    ...DEMO_ORDER_REFERENCES.flatMap((r) => [...r.approvers, r.createdBy]),
  ];
  const customers = new Set(
    (
      await db
        .select({ id: customerTable.id })
        .from(customerTable)
        .where(inArray(customerTable.id, usernames.map(demoCustomerId)))
    ).map((r) => r.id),
  );
  const present = (username: string) => customers.has(demoCustomerId(username));

  for (const flow of DEMO_FLOWS) {
    const companyId = demoCompanyId(flow.company);
    if (!companies.has(companyId)) continue;
    const flowId = demoFlowId(flow.key);
    await db
      .insert(orderFlowTable)
      .values({
        id: flowId,
        companyId,
        name: flow.name,
        budgetCents: flow.budgetCents,
        period: 'monthly',
        renewable: true,
        transferRemainder: false,
        approveFromCents: flow.approveFromCents,
        startDate: DEMO_START_DATE,
        active: true,
        createdById: flow.approvers.filter(present).map(demoCustomerId)[0] ?? null,
      })
      .onConflictDoNothing();
    const approvers = flow.approvers.filter(present);
    if (approvers.length) {
      await db
        .insert(orderFlowApproverTable)
        .values(approvers.map((u) => ({ flowId, customerId: demoCustomerId(u) })))
        .onConflictDoNothing();
    }
    for (const user of flow.users.filter((u) => present(u.username))) {
      const customerId = demoCustomerId(user.username);
      const joined = await db
        .insert(orderFlowUserTable)
        .values({ customerId, flowId })
        .onConflictDoNothing()
        .returning({ flowId: orderFlowUserTable.flowId });
      const [member] = joined.length
        ? joined
        : await db
            .select({ flowId: orderFlowUserTable.flowId })
            .from(orderFlowUserTable)
            .where(inArray(orderFlowUserTable.customerId, [customerId]));
      if (member?.flowId !== flowId) continue;
      await seedUsage(db, { companyId, kind: 'flow', budgetId: flowId, customerId }, user.orders, now);
    }
  }

  for (const ref of DEMO_ORDER_REFERENCES) {
    const companyId = demoCompanyId(ref.company);
    if (!companies.has(companyId)) continue;
    const referenceId = demoOrderReferenceId(ref.key);
    const inserted = await db
      .insert(orderReferenceTable)
      .values({
        id: referenceId,
        companyId,
        name: ref.name,
        budgetCents: ref.budgetCents,
        period: 'monthly',
        renewable: true,
        transferable: false,
        startDate: DEMO_START_DATE,
        active: true,
        createdById: present(ref.createdBy) ? demoCustomerId(ref.createdBy) : null,
      })
      .onConflictDoNothing()
      .returning({ id: orderReferenceTable.id });
    const [exists] = inserted.length
      ? inserted
      : await db
          .select({ id: orderReferenceTable.id })
          .from(orderReferenceTable)
          .where(inArray(orderReferenceTable.id, [referenceId]));
    if (!exists) continue;
    const approvers = ref.approvers.filter(present);
    if (approvers.length) {
      await db
        .insert(orderReferenceApproverTable)
        .values(approvers.map((u) => ({ referenceId, customerId: demoCustomerId(u) })))
        .onConflictDoNothing();
    }
    if (ref.budgetCents !== null) {
      await seedUsage(db, { companyId, kind: 'order_reference', budgetId: referenceId }, ref.orders, now);
    }
  }

  const centres = DEMO_COST_CENTERS.filter((c) => companies.has(demoCompanyId(c.company)));
  if (centres.length) {
    await db
      .insert(costCenterTable)
      .values(
        centres.map((c) => ({
          id: demoCostCenterId(c.key),
          companyId: demoCompanyId(c.company),
          identifier: c.identifier,
          name: c.name,
        })),
      )
      .onConflictDoNothing();
  }
  const contacts = DEMO_EXTERNAL_CONTACTS.filter((c) => companies.has(demoCompanyId(c.company)));
  if (contacts.length) {
    await db
      .insert(externalContactTable)
      .values(
        contacts.map((c) => ({
          id: demoExternalContactId(c.key),
          companyId: demoCompanyId(c.company),
          identifier: c.identifier,
          name: c.name,
          email: c.email,
          connected: c.connected,
        })),
      )
      .onConflictDoNothing();
  }
}

/** Idempotency key of the demo approval request's submit: the same key answers the same request. */
export const DEMO_APPROVAL_KEY = 'demo-seed-approval-1';

/** What `seedDemoApprovals` did. */
export type DemoApprovalOutcome = 'seeded' | 'present' | 'skipped';

/**
 * Sends one pending approval request for the demo buyer jan.janssens the way the storefront does, through the Store
 * API in process: a cart of one catalogue article worth about €600 net (above the €500 threshold of "Bouwplaats",
 * within its budget), booked to the order reference PO-2026-001, submitted with a fixed Idempotency-Key. The request
 * reserves both budgets and mails the approver lotte.claes (and the reference's approvers). Nothing is done when the
 * request exists already, when jan.janssens, the flow or a suitable article is missing, when his cart holds anything,
 * or when the cart does not ask for an approval (the checkout without budgets): then no order is ever placed. A
 * refused submit is logged and leaves the cart empty; it never stops the start. Runs after the catalogue is seeded.
 */
export async function seedDemoApprovals(db: Db, api: StoreApi, config: BackendConfig): Promise<DemoApprovalOutcome> {
  const customerId = demoCustomerId('jan.janssens');
  const [member] = await db
    .select({ flowId: orderFlowUserTable.flowId })
    .from(orderFlowUserTable)
    .where(eq(orderFlowUserTable.customerId, customerId));
  if (member?.flowId !== demoFlowId('peeters:bouwplaats')) return 'skipped';
  const [existing] = await db
    .select({ id: orderApprovalTable.id })
    .from(orderApprovalTable)
    .where(
      and(eq(orderApprovalTable.requesterId, customerId), eq(orderApprovalTable.idempotencyKey, DEMO_APPROVAL_KEY)),
    );
  if (existing) return 'present';
  const [line] = await db
    .select({ id: cartLineItemTable.id })
    .from(cartLineItemTable)
    .where(eq(cartLineItemTable.customerId, customerId))
    .limit(1);
  if (line) return 'skipped';
  const [article] = await db
    .select({ id: productTable.id, amount: productPriceTable.amount })
    .from(productTable)
    .innerJoin(productPriceTable, eq(productPriceTable.productId, productTable.id))
    .where(
      and(
        eq(productTable.active, true),
        eq(productTable.isCloseout, false),
        eq(productTable.minPurchase, 1),
        eq(productTable.purchaseSteps, 1),
        isNull(productTable.maxPurchase),
        eq(productPriceTable.priceType, 'net_list'),
        eq(productPriceTable.lowerBound, 1),
        eq(productPriceTable.priceQuantity, '1'),
        isNull(productPriceTable.validTo),
        between(productPriceTable.amount, '20', '300'),
      ),
    )
    .orderBy(asc(productTable.productNumber))
    .limit(1);
  if (!article) return 'skipped';

  const token = await createCustomerContext(db, { salesChannelId: SALES_CHANNEL_ID, customerId });
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await api.app.request(path, {
      method,
      headers: {
        'sw-access-key': config.accessKey,
        'sw-context-token': token,
        'content-type': 'application/json',
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  try {
    const quantity = Math.ceil(600 / Number(article.amount));
    await call('POST', '/store-api/checkout/cart/line-item', {
      items: [{ type: 'product', id: article.id, referencedId: article.id, quantity }],
    });
    await call(
      'PUT',
      `/store-api/${config.provider}/order-reference/cart/${demoOrderReferenceId('peeters:po-2026-001')}`,
    );
    const cart = await call('GET', '/store-api/checkout/cart');
    const extensions = cart.json.extensions as { orderFlowBudget?: { needsApproval?: boolean } } | undefined;
    if (!extensions?.orderFlowBudget?.needsApproval) {
      await call('DELETE', '/store-api/checkout/cart');
      await call('DELETE', `/store-api/${config.provider}/order-reference/cart`);
      return 'skipped';
    }
    const submitted = await call('POST', '/store-api/checkout/order', {}, { 'idempotency-key': DEMO_APPROVAL_KEY });
    if (submitted.json.apiAlias !== 'order_approval_request') {
      console.warn(
        '[werkbank] demo approval request not sent:',
        JSON.stringify(submitted.json.errors ?? submitted.json),
      );
      await call('DELETE', '/store-api/checkout/cart');
      await call('DELETE', `/store-api/${config.provider}/order-reference/cart`);
      return 'skipped';
    }
    return 'seeded';
  } finally {
    await deleteContext(db, token);
  }
}
