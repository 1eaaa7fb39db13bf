import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  OfferDetailSchema,
  OfferHistoryQuerySchema,
  OfferHistoryResponseSchema,
  type OfferHistoryQuery,
} from '../../../contract/provider/erp.ts';
import { loadBackendConfig } from '../../config.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import { productPriceTable } from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { randomId } from '../../lib/ids.ts';
import { insertCompany, insertCustomer } from '../../testing/company-test-support.ts';
import { insertArticle } from '../../testing/order-test-support.ts';
import type { ErpScope } from '../port.ts';
import { createSimulatedErp, type ErpSimulation } from './index.ts';

const config = loadBackendConfig({});
let handle: DbHandle;
let erp: ErpSimulation;
let clock: Date;
let mine: ErpScope;
let colleague: ErpScope;
let company: ErpScope;
let other: ErpScope;
let tiered: { id: string; productNumber: string };
let plain: { id: string; productNumber: string };

const history = (query: OfferHistoryQuery, scope: ErpScope = mine) =>
  erp.offerHistory(scope, v.parse(OfferHistoryQuerySchema, query));

async function request(scope: ErpScope, at: string, clientReference: string | null, quantity = 12) {
  clock = new Date(at);
  return erp.requestOffer({
    companyId: scope.companyId,
    customerId: scope.customerId!,
    locale: 'en-GB',
    comment: 'Please quote',
    clientReference,
    lines: [
      { productId: tiered.id, productNumber: tiered.productNumber, label: 'Tiered', quantity, unit: 'C62' },
      { productId: plain.id, productNumber: plain.productNumber, label: 'Plain', quantity: 3, unit: 'C62' },
    ],
  });
}

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  erp = createSimulatedErp({ db: handle.db, config, now: () => clock });
  const a = (await insertCompany(handle.db)).id;
  const b = (await insertCompany(handle.db)).id;
  const buyer = await insertCustomer(handle.db, a);
  const second = await insertCustomer(handle.db, a);
  const foreign = await insertCustomer(handle.db, b);
  mine = { companyId: a, customerId: buyer.id, locale: 'en-GB' };
  colleague = { companyId: a, customerId: second.id, locale: 'en-GB' };
  company = { companyId: a, customerId: null, locale: 'en-GB' };
  other = { companyId: b, customerId: foreign.id, locale: 'en-GB' };
  // 12.00 EUR a piece, 10.00 EUR from 10 pieces.
  tiered = await insertArticle(handle.db, { price: '12.00', productNumber: 'OFF-TIER' });
  await handle.db
    .insert(productPriceTable)
    .values({ id: randomId(), productId: tiered.id, amount: '10.00', lowerBound: 10 });
  plain = await insertArticle(handle.db, { price: '0.333', productNumber: 'OFF-PLAIN' });
});
afterAll(() => handle.close());

describe('offers', () => {
  test('processed 2 hours after the request at the buyer price for the quantity less 5 %, valid for 30 days', async () => {
    const sent = await request(mine, '2026-03-10T09:00:00Z', 'Hall 3');
    v.parse(OfferDetailSchema, sent);
    expect(sent).toMatchObject({ status: 'open', totalPrice: null, documentLink: null, validUntil: null });
    expect(sent.lines.map((l) => l.unitPrice)).toEqual([null, null]);
    expect(await erp.offerForCart(mine, sent.offerNumber, new Date('2026-03-10T10:00:00Z'))).toBeNull();
    expect(await erp.document(mine, 'offer', sent.offerNumber)).toBeNull();

    await erp.advance(new Date(Date.parse('2026-03-10T11:00:00Z') - 1));
    expect((await erp.offerDetail(mine, sent.offerNumber))!.status).toBe('open');
    await erp.advance(new Date('2026-03-10T11:00:00Z'));
    const offer = await erp.offerDetail(mine, sent.offerNumber);
    v.parse(OfferDetailSchema, offer);
    // 12 pieces take the tier from 10 (10.00) less 5 %: 9.50; 3 × 0.333 less 5 % = 0.31635 → 0.95.
    expect(offer).toMatchObject({
      status: 'processed',
      processedAt: '2026-03-10T11:00:00.000Z',
      validUntil: '2026-04-09',
      totalPrice: 114.95,
      documentLink: `/store-api/${config.provider}/offer/${sent.offerNumber}/document`,
    });
    expect(offer!.lines.map((l) => [l.unitPrice, l.totalPrice])).toEqual([
      [9.5, 114],
      [0.31635, 0.95],
    ]);
    expect(offer!.lines[0]!.deliveryDate).toBe('2026-03-13');

    const forCart = await erp.offerForCart(mine, sent.offerNumber, new Date('2026-04-09T21:59:59Z'));
    expect(forCart).toEqual({
      offerNumber: sent.offerNumber,
      validUntil: '2026-04-09',
      lines: [
        { lineNumber: 1, productId: tiered.id, quantity: 12, unitPrice: '9.50' },
        { lineNumber: 2, productId: plain.id, quantity: 3, unitPrice: '0.31635' },
      ],
    });
    // Midnight in Brussels (UTC+2) ends the last day.
    expect(await erp.offerForCart(mine, sent.offerNumber, new Date('2026-04-09T22:00:00Z'))).toBeNull();
    expect(await erp.offerForCart(other, sent.offerNumber, new Date('2026-03-11T00:00:00Z'))).toBeNull();

    const pdf = await erp.document(mine, 'offer', sent.offerNumber);
    expect(pdf?.fileName).toBe(`offer-${sent.offerNumber}.pdf`);
    expect(new TextDecoder().decode(pdf!.bytes.slice(0, 5))).toBe('%PDF-');
    expect(await erp.document(other, 'offer', sent.offerNumber)).toBeNull();
  });

  test('offer history: newest first, filtered, per customer unless the company scope is asked', async () => {
    const older = await request(mine, '2026-05-02T08:00:00Z', 'Roof repair', 4);
    const newer = await request(mine, '2026-05-20T08:00:00Z', null);
    const theirs = await request(colleague, '2026-05-21T08:00:00Z', 'Colleague');
    await erp.advance(new Date('2026-05-20T09:00:00Z'));
    const page = await history({ dateFrom: '2026-05-01' });
    v.parse(OfferHistoryResponseSchema, page);
    expect(page.elements.map((o) => o.offerNumber)).toEqual([newer.offerNumber, older.offerNumber]);
    expect(page.elements.map((o) => o.status)).toEqual(['open', 'processed']);
    const numbers = async (query: OfferHistoryQuery, scope?: ErpScope) =>
      (await history(query, scope)).elements.map((o) => o.offerNumber);
    expect(await numbers({ status: 'open', dateFrom: '2026-05-01' })).toEqual([newer.offerNumber]);
    expect(await numbers({ customerReference: 'ROOF' })).toEqual([older.offerNumber]);
    expect(await numbers({ offerNumber: older.offerNumber })).toEqual([older.offerNumber]);
    expect(await numbers({ productNumber: 'off-plain', dateFrom: '2026-05-01', dateTo: '2026-05-10' })).toEqual([
      older.offerNumber,
    ]);
    expect(await numbers({ dateFrom: '2026-05-02', dateTo: '2026-05-02' })).toEqual([older.offerNumber]);
    expect(await numbers({ dateFrom: '2026-05-01' }, company)).toEqual([
      theirs.offerNumber,
      newer.offerNumber,
      older.offerNumber,
    ]);
    expect(await erp.offerDetail(mine, theirs.offerNumber)).toBeNull();
    expect(await erp.offerDetail(company, theirs.offerNumber)).not.toBeNull();
    expect((await history({ limit: '1', page: '2' })).elements.map((o) => o.offerNumber)).toEqual([older.offerNumber]);
  });
});
