import { format } from 'node:util';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { describeErrorForLog } from '../db/errors.ts';
import { handleError } from './errors.ts';
import { createLoggedInContext, createTestStoreApi, type TestStoreApi } from '../testing/test-fixtures.ts';

let api: TestStoreApi;
let buyer: Record<string, string>;

beforeAll(async () => {
  api = await createTestStoreApi();
  buyer = { 'sw-context-token': await createLoggedInContext(api.db) };
});
afterAll(() => api.close());

const NUL = '\u0000';

interface ErrorEnvelope {
  errors: { status: string; code: string; source?: { pointer: string } }[];
}

async function expectNulViolation(res: Response, pointer: string): Promise<void> {
  expect(res.status).toBe(400);
  const body = (await res.json()) as ErrorEnvelope;
  expect(body.errors).toEqual([
    expect.objectContaining({ status: '400', code: 'VIOLATION::NUL_CHARACTER_ERROR', source: { pointer } }),
  ]);
}

describe('a NUL character anywhere in a request answers 400', () => {
  test('in the anonymous calls: search, a product contains filter, login, recovery and company exists', async () => {
    const provider = api.config.provider;
    await expectNulViolation(await api.call('POST', '/search', { search: `Zange${NUL}` }), '/search');
    await expectNulViolation(
      await api.call('POST', '/product', { filter: [{ type: 'contains', field: 'name', value: `a${NUL}b` }] }),
      '/filter/0/value',
    );
    await expectNulViolation(
      await api.call('POST', '/account/login', { username: `jan${NUL}`, password: 'Werkbank!2026' }),
      '/username',
    );
    await expectNulViolation(
      await api.call('POST', '/account/recovery-password', {
        username: `jan${NUL}`,
        storefrontUrl: 'http://localhost:4321',
      }),
      '/username',
    );
    await expectNulViolation(
      await api.call('GET', `/${provider}/register/company/exists?companyNumber=10%0001`),
      '/companyNumber',
    );
  });

  test('in a logged-in call, an object key, a query parameter, the path and a _criteria parameter', async () => {
    await expectNulViolation(await api.call('POST', '/account/list-address', { term: `Gent${NUL}` }, buyer), '/term');
    await expectNulViolation(
      await api.call('POST', '/product', { associations: { [`media${NUL}`]: {} } }),
      '/associations/media\u0000',
    );
    await expectNulViolation(await api.call('GET', '/search?search=Zange%00'), '/search');
    await expectNulViolation(await api.call('GET', '/product/abc%00def'), '/');
    const criteria = gzipSync(JSON.stringify({ term: `x${NUL}` })).toString('base64url');
    await expectNulViolation(await api.call('GET', `/product?_criteria=${criteria}`), '/term');
  });

  test('the escaped text "\\u0000" (a backslash, not a NUL) is an ordinary search', async () => {
    const res = await api.call('POST', '/search', { search: '\\u0000' });
    expect(res.status).toBe(200);
  });
});

describe('a failing statement is logged without its parameters', () => {
  test('the log names the SQLSTATE and the statement text, not the bound values', async () => {
    const secret = 'jan.janssens@example.com-secret';
    const error = await api.db.execute(sql`SELECT ${secret}::int`).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).not.toBeNull();
    const logged = describeErrorForLog(error);
    expect(logged).toContain('database error 22P02');
    expect(logged).toContain('SELECT $1::int');
    expect(logged).not.toContain(secret);
  });

  test('an unhandled database error of a route answers 500 and logs no parameter value', async () => {
    const secret = 'route-secret-4711';
    const app = new Hono();
    app.onError(handleError);
    app.post('/failing', async (c) => {
      await api.db.execute(sql`SELECT ${secret}::int`);
      return c.json({});
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await app.request('/failing', { method: 'POST' });
      expect(res.status).toBe(500);
      expect(await res.text()).not.toContain(secret);
      // What the console prints: the arguments formatted as console.error formats them.
      const printed = log.mock.calls.map((args) => format(...args)).join('\n');
      expect(printed).toContain('database error 22P02');
      expect(printed).not.toContain(secret);
    } finally {
      log.mockRestore();
    }
  });
});
