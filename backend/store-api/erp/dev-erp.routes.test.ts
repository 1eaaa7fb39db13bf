/**
 * `POST /store-api/{provider}/dev/erp/advance` (./dev-erp.routes.ts): there only with WERKBANK_DEV_OUTBOX=1 and the
 * simulated ERP, where it answers an offer request as if the hours had passed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { createStoreApi } from '../../app.ts';
import type { ErpPort } from '../../erp/port.ts';
import { createSimulatedErp } from '../../erp/simulated/index.ts';
import { fillCart } from '../../testing/order-test-support.ts';
import { createErpWorld, type ErpWorld } from '../../testing/erp-test-support.ts';

let world: ErpWorld;

beforeAll(async () => {
  world = await createErpWorld();
});
afterAll(() => world.close());
afterEach(() => {
  vi.unstubAllEnvs();
});

/** POSTs `{ hours }` to the advance route of an app built with the environment and ERP given. */
async function advance(app: ReturnType<typeof createStoreApi>['app'], hours: unknown) {
  const res = await app.request(`/store-api/${world.config.provider}/dev/erp/advance`, {
    method: 'POST',
    headers: { 'sw-access-key': world.config.accessKey, 'content-type': 'application/json' },
    body: JSON.stringify({ hours }),
  });
  return {
    status: res.status,
    json: (await res.json()) as Record<string, unknown> & { errors?: { code: string; source?: { pointer: string } }[] },
  };
}

describe('development advance of the simulated ERP', () => {
  test('absent without WERKBANK_DEV_OUTBOX=1, and absent on an ERP that is not the simulated one', async () => {
    vi.stubEnv('WERKBANK_DEV_OUTBOX', '');
    const off = await advance(createStoreApi({ db: world.db, config: world.config }).app, 3);
    expect(off.status).toBe(404);
    expect(off.json.errors?.[0]?.code).toBe('FRAMEWORK__ROUTE_NOT_FOUND');
    vi.stubEnv('WERKBANK_DEV_OUTBOX', '1');
    // The simulated ERP's port without its clock, as a connector to a real ERP offers it.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- the clock is dropped, never called
    const { advance: _clock, ...port } = createSimulatedErp({ db: world.db, config: world.config });
    const real = await advance(
      createStoreApi({ db: world.db, config: world.config, erp: port satisfies ErpPort }).app,
      3,
    );
    expect(real.status).toBe(404);
    expect(real.json.errors?.[0]?.code).toBe('FRAMEWORK__ROUTE_NOT_FOUND');
  });

  test('with the switch it answers an offer request as if the hours had passed; hours outside 1 to 8760 are refused', async () => {
    vi.stubEnv('WERKBANK_DEV_OUTBOX', '1');
    const { app } = createStoreApi({ db: world.db, config: world.config });
    await fillCart(world.db, world.buyer.id, [{ productId: world.article.id, quantity: 3 }]);
    const requested = await world.call('POST', '/offer/request', world.buyer.token, {});
    const offerNumber = requested.json.offerNumber as string;
    const early = await advance(app, 1);
    expect(early.status).toBe(200);
    const detail = () => world.call('GET', `/offer/history/detail?offerNumber=${offerNumber}`, world.buyer.token);
    expect((await detail()).json.status).toBe('open');
    const before = Date.now();
    const later = await advance(app, 3);
    expect(later.json).toEqual({ advancedTo: expect.any(String), apiAlias: 'array_struct' });
    const advancedTo = Date.parse(later.json.advancedTo as string);
    expect(advancedTo - before).toBeGreaterThanOrEqual(3 * 3_600_000);
    expect(advancedTo - before).toBeLessThan(3 * 3_600_000 + 60_000);
    expect((await detail()).json).toMatchObject({ status: 'processed', lines: [{ unitPrice: 11.875 }] });
    for (const [hours, code] of [
      [0, 'VIOLATION::TOO_LOW_ERROR'],
      [8761, 'VIOLATION::TOO_HIGH_ERROR'],
      [1.5, 'VIOLATION::INVALID_TYPE_ERROR'],
      ['3', 'VIOLATION::INVALID_TYPE_ERROR'],
    ] as const) {
      const refused = await advance(app, hours);
      expect(refused.status, String(hours)).toBe(400);
      expect(refused.json.errors?.[0]).toMatchObject({ code, source: { pointer: '/hours' } });
    }
  });
});
