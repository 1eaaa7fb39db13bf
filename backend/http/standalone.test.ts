import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStoreApi } from '../app.ts';
import { loadBackendConfig } from '../config.ts';
import { createDb, type DbHandle } from '../db/client.ts';
import { seedSalesChannel } from '../db/seed-channel.ts';
import { parseCorsOrigins } from './cors.ts';
import { checkDatabase, createReadiness } from './lifecycle.ts';
import { standaloneStoreApi } from './standalone.ts';

const config = loadBackendConfig({});
const FRONTEND = 'https://headless.example.com';
let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  app = createStoreApi({ db: handle.db, config }).app;
});
afterAll(() => handle.close());

/** A browser's preflight for a POST with the Store API's headers, sent without them. */
const preflight = (origin: string) =>
  new Request('http://api.example.com/store-api/search', {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,sw-access-key,sw-context-token',
    },
  });

describe('the standalone Store API for browser-based headless frontends', () => {
  it('answers an allowed origin’s preflight without an access key, then the call itself with the token exposed', async () => {
    const api = standaloneStoreApi(app, { CORS_ALLOWED_ORIGINS: `${FRONTEND}, https://other.example.com` });
    const pre = await api.fetch(preflight(FRONTEND));
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(FRONTEND);
    expect(pre.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('sw-context-token');
    expect(pre.headers.get('access-control-allow-methods')).toContain('PATCH');

    const res = await api.fetch(
      new Request('http://api.example.com/store-api/context', {
        headers: { origin: FRONTEND, 'sw-access-key': config.accessKey },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(FRONTEND);
    expect(res.headers.get('access-control-expose-headers')).toBe('sw-context-token');
    expect(res.headers.get('sw-context-token')).toBeTruthy();
  });

  it('gives another origin no permission, and without CORS_ALLOWED_ORIGINS no CORS headers at all', async () => {
    const listed = standaloneStoreApi(app, { CORS_ALLOWED_ORIGINS: FRONTEND });
    const foreign = await listed.fetch(preflight('https://evil.example.com'));
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();

    const closed = standaloneStoreApi(app, {});
    const res = await closed.fetch(
      new Request('http://api.example.com/store-api/context', {
        headers: { origin: FRONTEND, 'sw-access-key': config.accessKey },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('with * lets any origin call, and still refuses a call without the access key', async () => {
    const open = standaloneStoreApi(app, { CORS_ALLOWED_ORIGINS: '*' });
    expect((await open.fetch(preflight('https://any.example.org'))).headers.get('access-control-allow-origin')).toBe(
      '*',
    );
    const res = await open.fetch(
      new Request('http://api.example.com/store-api/context', { headers: { origin: 'https://any.example.org' } }),
    );
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('keeps the body limit behind CORS', async () => {
    const api = standaloneStoreApi(app, { CORS_ALLOWED_ORIGINS: FRONTEND });
    const res = await api.fetch(
      new Request('http://api.example.com/store-api/search', {
        method: 'POST',
        headers: { origin: FRONTEND, 'sw-access-key': config.accessKey, 'content-type': 'application/json' },
        body: 'x'.repeat(2 * 1024 * 1024),
      }),
    );
    expect(res.status).toBe(413);
  });
});

describe('CORS_ALLOWED_ORIGINS', () => {
  it('reads a comma list of origins, * or nothing, and refuses what is not an origin', () => {
    expect(parseCorsOrigins(undefined)).toBeNull();
    expect(parseCorsOrigins(' ')).toBeNull();
    expect(parseCorsOrigins('https://a.example.com/, http://localhost:3000')).toEqual([
      'https://a.example.com',
      'http://localhost:3000',
    ]);
    expect(parseCorsOrigins('https://a.example.com,*')).toBe('*');
    expect(() => parseCorsOrigins('https://a.example.com/shop')).toThrow(/not an origin/);
    expect(() => parseCorsOrigins('a.example.com')).toThrow(/not an origin/);
    expect(() => parseCorsOrigins('ftp://a.example.com')).toThrow(/not an origin/);
  });
});

describe('the standalone Store API over HTTP', () => {
  it('answers a chunked article link CSV import above 2 MiB with 413 in the error envelope', async () => {
    const server = serve({ fetch: standaloneStoreApi(app, {}).fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const { port } = server.address() as AddressInfo;
    try {
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const answer = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: `/store-api/${config.provider}/article-links/import`,
            headers: { 'content-type': 'text/csv', 'sw-access-key': config.accessKey, 'transfer-encoding': 'chunked' },
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (d: string) => (body += d));
            res.on('end', () => {
              resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body });
              req.destroy();
            });
          },
        );
        req.on('error', reject);
        let sent = 0;
        const pump = () => {
          while (sent < 4 * 1024 * 1024 && !req.destroyed) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
          req.end();
        };
        pump();
      });
      expect(answer.status).toBe(413);
      expect(answer.type).toContain('application/json');
      expect(JSON.parse(answer.body).errors[0]).toMatchObject({ status: '413', code: 'FRAMEWORK__PAYLOAD_TOO_LARGE' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the standalone Store API and cXML documents', () => {
  it('answers a cXML setup request over 1 MiB with a cXML Status 406, other bodies over it with JSON', async () => {
    const api = standaloneStoreApi(app, {});
    const big = `<?xml version="1.0"?><cXML>${'x'.repeat(1024 * 1024 + 10)}</cXML>`;
    const headers = { 'sw-access-key': config.accessKey, 'content-type': 'text/xml' };
    const cxml = await api.fetch(
      new Request('http://api.example.com/store-api/cxml/setup', { method: 'POST', headers, body: big }),
    );
    expect(cxml.status).toBe(413);
    expect(cxml.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(await cxml.text()).toContain('<Status code="406"');
    const json = await api.fetch(
      new Request('http://api.example.com/store-api/search', { method: 'POST', headers, body: big }),
    );
    expect(json.status).toBe(413);
    expect(((await json.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe(
      'FRAMEWORK__PAYLOAD_TOO_LARGE',
    );
  });
});

describe('the standalone Store API’s health and readiness probes', () => {
  it('answers /healthz 200 and /readyz 200 while its database answers, and /readyz 503 once draining', async () => {
    const readiness = createReadiness(() => checkDatabase(handle.db));
    const server = serve({
      fetch: standaloneStoreApi(app, { CORS_ALLOWED_ORIGINS: FRONTEND }, { readiness }).fetch,
      port: 0,
      hostname: '127.0.0.1',
    });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const { port } = server.address() as AddressInfo;
    const get = async (path: string) => {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { origin: 'https://evil.example.com' } });
      return { status: res.status, cache: res.headers.get('cache-control'), body: await res.text() };
    };
    try {
      expect(await get('/healthz')).toEqual({ status: 200, cache: 'no-store', body: 'ok\n' });
      expect(await get('/readyz')).toEqual({ status: 200, cache: 'no-store', body: 'ready\n' });
      readiness.startDraining();
      expect(await get('/readyz')).toEqual({ status: 503, cache: 'no-store', body: 'not ready: draining\n' });
      expect((await get('/healthz')).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
