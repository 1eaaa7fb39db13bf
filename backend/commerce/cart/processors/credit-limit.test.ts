import { describe, expect, test } from 'vitest';
import type { CartLineModel } from '../cart-model.ts';
import { calculationOf, paymentMethod, runProcessors } from '../../../testing/cart-test-support.ts';
import { creditLimitProcessor } from './credit-limit.ts';

const invoice = paymentMethod({ id: 'invoice', translated: { 'en-GB': { name: 'Invoice' } } });
const prepayment = paymentMethod({ id: 'prepayment', paidInAdvance: true, position: 1 });

interface Row {
  name: string;
  totalCents: number;
  credit?: { limitCents: number; usedCents: number };
  methods: ReturnType<typeof paymentMethod>[];
  chosen?: string;
  /** Payment method id (or null), blocked ids. */
  expected: [string | null, string[]];
  expectedErrors: { key: string; level: number; availableCredit?: number }[];
}

const rows: Row[] = [
  {
    name: 'no credit row: nothing blocked, the first method',
    totalCents: 1_000_000,
    methods: [invoice, prepayment],
    expected: ['invoice', []],
    expectedErrors: [],
  },
  {
    name: 'the total fits the credit left',
    totalCents: 5000,
    credit: { limitCents: 10000, usedCents: 5000 },
    methods: [invoice, prepayment],
    expected: ['invoice', []],
    expectedErrors: [],
  },
  {
    name: 'over the credit left: invoice blocked, the default invoice a blocking error (never switched)',
    totalCents: 5001,
    credit: { limitCents: 10000, usedCents: 5000 },
    methods: [invoice, prepayment],
    expected: ['invoice', ['invoice']],
    expectedErrors: [
      { key: 'wb-cart-underCreditLimit', level: 10, availableCredit: 50 },
      { key: 'payment-method-blocked-invoice', level: 20 },
    ],
  },
  {
    name: 'over the credit left with prepayment chosen: only the warning',
    totalCents: 5001,
    credit: { limitCents: 10000, usedCents: 12000 },
    methods: [invoice, prepayment],
    chosen: 'prepayment',
    expected: ['prepayment', ['invoice']],
    expectedErrors: [{ key: 'wb-cart-underCreditLimit', level: 10, availableCredit: 0 }],
  },
  {
    name: 'a chosen method that is not active',
    totalCents: 100,
    methods: [invoice],
    chosen: 'gone',
    expected: [null, []],
    expectedErrors: [{ key: 'payment-method-blocked-gone', level: 20 }],
  },
  {
    name: 'no active method',
    totalCents: 100,
    methods: [],
    expected: [null, []],
    expectedErrors: [{ key: 'payment-method-blocked', level: 20 }],
  },
];

describe('credit limit processor', () => {
  test.each(rows)('$name', async (row) => {
    const calculation = calculationOf({
      inputs: {
        creditRow: row.credit,
        paymentMethods: row.methods,
        payload: row.chosen ? { paymentMethodId: row.chosen } : {},
      },
      model: { lines: [{ totalCents: row.totalCents } as CartLineModel], totalCents: row.totalCents },
    });
    await runProcessors(calculation, creditLimitProcessor);
    const { model } = calculation;
    expect([model.paymentMethod?.id ?? null, model.blockedPaymentMethodIds]).toEqual(row.expected);
    expect(
      model.errors.map(({ key, level, availableCredit }) => ({
        key,
        level,
        ...(availableCredit !== undefined ? { availableCredit } : {}),
      })),
    ).toEqual(row.expectedErrors);
  });

  test('an empty cart is never blocked', async () => {
    const calculation = calculationOf({
      inputs: { creditRow: { limitCents: 0, usedCents: 0 }, paymentMethods: [] },
    });
    await runProcessors(calculation, creditLimitProcessor);
    expect(calculation.model.errors).toEqual([]);
  });
});
