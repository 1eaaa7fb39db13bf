import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AuthenticatedCustomer } from '../../auth/guards.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import { orderFlowTable, orderFlowUserTable, orderReferenceTable } from '../../db/schema/index.ts';
import { insertCompany, insertCustomer } from '../../testing/company-test-support.ts';
import { insertTestFlow, insertTestReference, type TestFlowInput } from '../../testing/budget-test-support.ts';
import type { CartLineModel } from '../cart/cart-model.ts';
import { calculationOf, runProcessors } from '../../testing/cart-test-support.ts';
import { budgetProcessor, budgetsOf } from './budget-processor.ts';

let handle: DbHandle;
let companyId: string;

beforeAll(async () => {
  handle = await createDb();
  companyId = (await insertCompany(handle.db)).id;
});
afterAll(() => handle.close());

interface Row {
  name: string;
  flow?: TestFlowInput;
  reference?: { budgetCents: number | null; active?: boolean };
  netCents: number;
  hasGoods?: boolean;
  expectedNeedsApproval: boolean;
  /** Which extensions the answer shows. */
  expectedExtensions: string[];
  /** Error messageKeys (without the provider prefix `wb-`) with their level. */
  expectedErrors: [string, number][];
}

const rows: Row[] = [
  {
    name: 'no flow and no order reference: nothing',
    netCents: 1_000_000,
    expectedNeedsApproval: false,
    expectedExtensions: [],
    expectedErrors: [],
  },
  {
    name: 'a flow budget the net total fits',
    flow: { budgetCents: 10_000 },
    netCents: 10_000,
    expectedNeedsApproval: false,
    expectedExtensions: ['orderFlowBudget'],
    expectedErrors: [],
  },
  {
    name: 'a flow budget the net total exceeds: blocked',
    flow: { budgetCents: 10_000 },
    netCents: 10_001,
    expectedNeedsApproval: false,
    expectedExtensions: ['orderFlowBudget'],
    expectedErrors: [['flow-unsufficient-budget-blocked', 20]],
  },
  {
    name: "at the flow's threshold (inclusive): needs an approval",
    flow: { budgetCents: null, approveFromCents: 5_000 },
    netCents: 5_000,
    expectedNeedsApproval: true,
    expectedExtensions: ['orderFlowBudget'],
    expectedErrors: [],
  },
  {
    name: 'an inactive flow does not apply',
    flow: { budgetCents: 100, approveFromCents: 100, active: false },
    netCents: 5_000,
    expectedNeedsApproval: false,
    expectedExtensions: [],
    expectedErrors: [],
  },
  {
    name: 'an empty cart gets no budget error and needs no approval',
    flow: { budgetCents: 100, approveFromCents: 0 },
    netCents: 5_000,
    hasGoods: false,
    expectedNeedsApproval: false,
    expectedExtensions: ['orderFlowBudget'],
    expectedErrors: [],
  },
  {
    name: 'an order reference budget the net total exceeds: blocked',
    reference: { budgetCents: 50_000 },
    netCents: 60_000,
    expectedNeedsApproval: false,
    expectedExtensions: ['orderReferenceBudget'],
    expectedErrors: [['order-reference-unsufficient-budget-blocked', 20]],
  },
  {
    name: 'an order reference no longer usable (deactivated): blocked',
    reference: { budgetCents: null, active: false },
    netCents: 100,
    expectedNeedsApproval: false,
    expectedExtensions: ['orderReferenceBudget'],
    expectedErrors: [['order-reference-not-usable', 20]],
  },
];

describe('budget processor', () => {
  test.each(rows)('$name', async (row) => {
    const buyer = await insertCustomer(handle.db, companyId);
    const customer = { id: buyer.id, companyId, rights: new Set<string>() } as AuthenticatedCustomer;
    let flow = null;
    if (row.flow) {
      const flowId = await insertTestFlow(handle.db, companyId, row.flow);
      await handle.db.insert(orderFlowUserTable).values({ customerId: buyer.id, flowId });
      [flow] = await handle.db.select().from(orderFlowTable).where(eq(orderFlowTable.id, flowId));
    }
    let orderReferenceId: string | null = null;
    if (row.reference) {
      orderReferenceId = await insertTestReference(handle.db, companyId, { budgetCents: row.reference.budgetCents });
      if (row.reference.active === false) {
        await handle.db
          .update(orderReferenceTable)
          .set({ active: false })
          .where(eq(orderReferenceTable.id, orderReferenceId));
      }
    }
    const calculation = calculationOf({
      db: handle.db,
      customer,
      now: new Date('2026-06-15T10:00:00Z'),
      inputs: {
        flow: flow ?? null,
        cartRow: {
          customerId: buyer.id,
          revision: 1,
          promotionCodes: [],
          orderReferenceId,
          costCenterId: null,
          createdAt: new Date('2026-06-01T00:00:00Z'),
          updatedAt: null,
        },
      },
      model: {
        lines: row.hasGoods === false ? [] : [{ totalCents: row.netCents } as CartLineModel],
        netCents: row.netCents,
      },
    });
    await runProcessors(calculation, budgetProcessor);
    const { model } = calculation;
    expect(budgetsOf(model).needsApproval).toBe(row.expectedNeedsApproval);
    expect(Object.keys(model.answerExtensions)).toEqual(row.expectedExtensions);
    expect(model.errors.map((e) => [e.messageKey.replace(/^wb-/, ''), e.level])).toEqual(row.expectedErrors);
  });

  test('without the budget processor a cart has no budgets', () => {
    expect(budgetsOf(calculationOf().model)).toEqual({
      flow: null,
      orderReference: null,
      needsApproval: false,
      extensions: {},
      errors: [],
    });
  });
});
