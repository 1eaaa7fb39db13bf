import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../db/client.ts';
import {
  clearLoginRateLimit,
  clientAddress,
  enforceRateLimits,
  hitRateLimit,
  loginUserKey,
  parseTrustedProxies,
  RESET_AFTER_SECONDS,
} from './rate-limit.ts';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb();
});
afterAll(() => handle.close());

/** The address `clientAddress` sees for a request over a real socket from 127.0.0.1. */
async function addressOverSocket(headers: Record<string, string>, env: Record<string, string | undefined>) {
  const app = new Hono();
  app.get('/', (c) => c.text(String(clientAddress(c, env))));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await (await fetch(`http://127.0.0.1:${port}/`, { headers })).text();
  } finally {
    server.close();
  }
}

describe('clientAddress', () => {
  it('in-process (no socket): x-real-ip set by the storefront proxy', async () => {
    const app = new Hono();
    app.get('/', (c) => c.text(String(clientAddress(c, {}))));
    expect(await (await app.request('/', { headers: { 'x-real-ip': '192.0.2.1' } })).text()).toBe('192.0.2.1');
    expect(await (await app.request('/', { headers: { 'x-real-ip': 'not an ip' } })).text()).toBe('null');
  });

  it('standalone: forwarded headers from an untrusted socket are ignored', async () => {
    const spoofed = { 'x-real-ip': '192.0.2.1', 'x-forwarded-for': '198.51.100.7' };
    expect(await addressOverSocket(spoofed, {})).toBe('127.0.0.1');
    expect(await addressOverSocket(spoofed, { TRUSTED_PROXIES: '10.0.0.0/8' })).toBe('127.0.0.1');
  });

  it('standalone: x-real-ip, else the right-most untrusted x-forwarded-for entry, from a trusted proxy', async () => {
    const env = { TRUSTED_PROXIES: '127.0.0.0/8, 10.0.0.0/8' };
    expect(await addressOverSocket({ 'x-real-ip': '192.0.2.1' }, env)).toBe('192.0.2.1');
    expect(await addressOverSocket({ 'x-forwarded-for': '6.6.6.6, 198.51.100.7, 10.0.0.2' }, env)).toBe('198.51.100.7');
  });

  it('TRUSTED_PROXIES refuses what is not an address or range', () => {
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow(/TRUSTED_PROXIES/);
    expect(() => parseTrustedProxies('proxy.internal')).toThrow(/TRUSTED_PROXIES/);
  });
});

describe('backoff', () => {
  const rule = { max: 3, windowSeconds: 60 };
  const t0 = new Date('2026-11-22T10:00:00Z');
  const at = (s: number) => new Date(t0.getTime() + s * 1000);
  const attempt = (key: string, s: number) => enforceRateLimits(handle.db, [[key, rule]], at(s));

  it('free attempts first, then doubling waits: 429 with the seconds to wait', async () => {
    for (const s of [0, 1, 2]) await attempt('b1', s);
    await attempt('b1', 3); // 1 s after the third
    await expect(attempt('b1', 4)).rejects.toMatchObject({
      status: 429,
      code: 'FRAMEWORK__RATE_LIMIT_EXCEEDED',
      parameters: { seconds: 1 },
    });
    await attempt('b1', 5); // 2 s after the fourth
    await expect(attempt('b1', 6)).rejects.toMatchObject({ parameters: { seconds: 3 } });
  });

  it('never makes anyone wait longer than windowSeconds, however many attempts were refused', async () => {
    for (let s = 0; s < 20; s++) await attempt('b2', s * 120).catch(() => undefined);
    // An attacker keeps hammering every second for an hour: refused attempts are not counted.
    const last = 19 * 120;
    for (let s = 1; s < 3600; s += 1) {
      const error = await attempt('b2', last + s).then(
        () => null,
        (e: unknown) => e,
      );
      if (error === null) {
        // The owner's turn came within the cap.
        expect(s).toBeLessThanOrEqual(rule.windowSeconds);
        return;
      }
    }
    throw new Error('locked out for an hour');
  });

  it('a wait counts nothing: a blocked address does not push the username counter', async () => {
    const ipRule = { max: 1, windowSeconds: 60 };
    await enforceRateLimits(handle.db, [['b3:ip', ipRule]], at(0));
    await expect(
      enforceRateLimits(
        handle.db,
        [
          ['b3:ip', ipRule],
          ['b3:user', rule],
        ],
        at(0),
      ),
    ).rejects.toMatchObject({
      status: 429,
    });
    for (const s of [1, 2, 3]) await enforceRateLimits(handle.db, [['b3:user', rule]], at(s));
  });

  it('parallel attempts cannot slip through together', async () => {
    for (const s of [0, 0, 0]) await attempt('b4', s);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => attempt('b4', 10)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('starts again after a quiet day', async () => {
    for (const s of [0, 0, 0, 1]) await attempt('b5', s);
    expect(await hitRateLimit(handle.db, 'b5', rule, at(1 + RESET_AFTER_SECONDS))).toBe(0);
    for (const s of [1, 1]) await attempt('b5', RESET_AFTER_SECONDS + s);
  });

  it('a completed password recovery clears the failed logins of the username', async () => {
    const key = loginUserKey('anna.peeters');
    for (const s of [0, 0, 0, 0]) await attempt(key, s).catch(() => undefined);
    await expect(attempt(key, 0)).rejects.toMatchObject({ status: 429 });
    await clearLoginRateLimit(handle.db, 'anna.peeters');
    await attempt(key, 0);
  });
});

describe('login backoff and password recovery (account routes)', () => {
  it('after wrong passwords by someone else, the owner gets in at once through password recovery', async () => {
    const { createAccountTestApi } = await import('../testing/account-test-app.ts');
    const { mailOutboxTable } = await import('../db/schema/index.ts');
    const api = await createAccountTestApi();
    try {
      const username = 'tom.wuyts';
      for (let i = 0; i < 10; i++) {
        const res = await api.call('POST', '/account/login', { username, password: 'guess' });
        expect(res.status).toBe(401);
      }
      expect((await api.call('POST', '/account/login', { username, password: 'guess' })).status).toBe(429);

      await api.call('POST', '/account/recovery-password', { username, storefrontUrl: 'http://localhost:4321' });
      await api.settle();
      const mails = await api.db.select().from(mailOutboxTable);
      const hash = /password-set\?hash=([0-9a-f]{64})/.exec(mails.at(-1)?.text ?? '')?.[1];
      const password = 'Eigen-Wachtwoord-2026';
      const confirmed = await api.call('POST', '/account/recovery-password-confirm', {
        hash,
        newPassword: password,
        newPasswordConfirm: password,
      });
      expect(confirmed.status).toBe(200);
      expect(await api.login(username, password)).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      await api.close();
    }
  });
});
