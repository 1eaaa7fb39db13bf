import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../db/client.ts';
import { clientAddress, enforceRateLimits, hitRateLimit } from './rate-limit.ts';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb();
});
afterAll(() => handle.close());

async function addressOf(headers: Record<string, string>, env: Record<string, string | undefined> = {}) {
  const app = new Hono();
  app.get('/', (c) => c.text(String(clientAddress(c, env))));
  const res = await app.request('/', { headers });
  return res.text();
}

describe('clientAddress', () => {
  it('takes x-real-ip from the storefront and ignores x-forwarded-for unless configured', async () => {
    expect(await addressOf({ 'x-real-ip': '192.0.2.1', 'x-forwarded-for': '198.51.100.7' })).toBe('192.0.2.1');
    expect(await addressOf({ 'x-forwarded-for': '198.51.100.7, 10.0.0.1' })).toBe('null');
    expect(await addressOf({ 'x-forwarded-for': '198.51.100.7, 10.0.0.1' }, { TRUST_FORWARDED_FOR: '1' })).toBe(
      '198.51.100.7',
    );
  });
});

describe('fixed-window counters', () => {
  const rule = { max: 2, windowSeconds: 60 };
  const t0 = new Date('2026-11-22T10:00:00Z');
  const at = (s: number) => new Date(t0.getTime() + s * 1000);

  it('count per window and start again after it', async () => {
    expect((await hitRateLimit(handle.db, 'k1', rule, t0)).count).toBe(1);
    expect((await hitRateLimit(handle.db, 'k1', rule, at(10))).count).toBe(2);
    const third = await hitRateLimit(handle.db, 'k1', rule, at(30));
    expect(third).toEqual({ count: 3, retryAfter: 30 });
    expect((await hitRateLimit(handle.db, 'k1', rule, at(61))).count).toBe(1);
  });

  it('throw 429 with the seconds to wait once over the limit', async () => {
    await enforceRateLimits(handle.db, [['k2', rule]], t0);
    await enforceRateLimits(
      handle.db,
      [
        ['k2', rule],
        [null, rule],
      ],
      at(1),
    );
    await expect(enforceRateLimits(handle.db, [['k2', rule]], at(2))).rejects.toMatchObject({
      status: 429,
      code: 'FRAMEWORK__RATE_LIMIT_EXCEEDED',
      parameters: { seconds: 58 },
    });
  });
});
