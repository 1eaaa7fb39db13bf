import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import {
  checkDatabase,
  createReadiness,
  drainServer,
  healthAnswer,
  onShutdownSignals,
  shutdownDelayMs,
  shutdownTimeoutMs,
  withHealthEndpoints,
} from './lifecycle.ts';

const never = new Promise<never>(() => undefined);

describe('readiness', () => {
  it('is ready when the probe passes, and says the probe’s reason when it does not', async () => {
    let reason: string | null = null;
    const readiness = createReadiness(async () => reason);
    expect(await readiness.check()).toEqual({ ready: true });
    reason = 'starting';
    expect(await readiness.check()).toEqual({ ready: false, reason: 'starting' });
  });

  it('turns unready for good once draining, without asking the probe', async () => {
    let asked = 0;
    const readiness = createReadiness(async () => {
      asked++;
      return null;
    });
    readiness.startDraining();
    expect(readiness.draining).toBe(true);
    expect(await readiness.check()).toEqual({ ready: false, reason: 'draining' });
    expect(asked).toBe(0);
  });

  it('counts a probe that throws as not ready, without its message', async () => {
    const readiness = createReadiness(() => Promise.reject(new Error('password=secret')));
    expect(await readiness.check()).toEqual({ ready: false, reason: 'check failed' });
  });

  it('needs the database to answer SELECT 1 within the time limit', async () => {
    const answering = { execute: () => Promise.resolve({ rows: [{ '?column?': 1 }] }) } as unknown as Db;
    const failing = { execute: () => Promise.reject(new Error('ECONNREFUSED 10.0.0.5')) } as unknown as Db;
    const hanging = { execute: () => never } as unknown as Db;
    expect(await checkDatabase(answering)).toBeNull();
    expect(await checkDatabase(failing)).toBe('database unreachable');
    expect(await checkDatabase(hanging, 20)).toBe('database timeout');
  });
});

describe('the health and readiness endpoints', () => {
  it('answer /healthz 200 ok and /readyz 200 or 503 with the reason, never cached', async () => {
    const readiness = createReadiness(async () => null);
    const health = await healthAnswer('GET', '/healthz', readiness);
    expect(health).toMatchObject({ status: 200, body: 'ok\n' });
    expect(health?.headers['Cache-Control']).toBe('no-store');
    expect(await healthAnswer('GET', '/readyz', readiness)).toMatchObject({ status: 200, body: 'ready\n' });
    readiness.startDraining();
    const ready = await healthAnswer('GET', '/readyz', readiness);
    expect(ready).toMatchObject({ status: 503, body: 'not ready: draining\n' });
    expect(ready?.headers['Cache-Control']).toBe('no-store');
    expect(await healthAnswer('GET', '/healthz', readiness)).toMatchObject({ status: 200 });
  });

  it('answer HEAD without a body, other methods 405, and leave every other path alone', async () => {
    const readiness = createReadiness(async () => null);
    expect(await healthAnswer('HEAD', '/readyz', readiness)).toMatchObject({ status: 200, body: '' });
    expect(await healthAnswer('POST', '/healthz', readiness)).toMatchObject({
      status: 405,
      headers: { Allow: 'GET, HEAD' },
    });
    expect(await healthAnswer('GET', '/healthz/x', readiness)).toBeUndefined();
    expect(await healthAnswer('GET', '/', readiness)).toBeUndefined();
  });
});

describe('SHUTDOWN_TIMEOUT_MS', () => {
  it('defaults to 10 s and accepts whole milliseconds only', () => {
    expect(shutdownTimeoutMs({})).toBe(10_000);
    expect(shutdownTimeoutMs({ SHUTDOWN_TIMEOUT_MS: '2500' })).toBe(2500);
    expect(() => shutdownTimeoutMs({ SHUTDOWN_TIMEOUT_MS: '10s' })).toThrow(/whole number of milliseconds/);
  });
});

describe('SHUTDOWN_DELAY_MS', () => {
  it('defaults to no delay and accepts whole milliseconds only', () => {
    expect(shutdownDelayMs({})).toBe(0);
    expect(shutdownDelayMs({ SHUTDOWN_DELAY_MS: '1500' })).toBe(1500);
    expect(() => shutdownDelayMs({ SHUTDOWN_DELAY_MS: '-1' })).toThrow(/whole number of milliseconds/);
  });
});

/** A server whose `/slow` answers after `release()`, with the health endpoints in front. */
async function slowServer(readiness = createReadiness(async () => null)) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
  const server: Server = createServer(
    withHealthEndpoints(readiness, (req, res) => {
      if (req.url !== '/slow') return void res.end('fast');
      arrived();
      void released.then(() => res.end('slow done'));
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, port, release, slowArrived, readiness };
}

/** GET over a fresh connection: status and body, or the connection error's code. */
function get(port: number, path: string): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end();
  });
}

describe('draining a server', () => {
  it('lets the request in flight finish, refuses new connections, then closes', async () => {
    const { server, port, release, slowArrived } = await slowServer();
    const inFlight = get(port, '/slow');
    await slowArrived;
    const drained = drainServer(server, 5_000);
    expect(await get(port, '/healthz')).toEqual({ error: 'ECONNREFUSED' });
    release();
    expect(await inFlight).toEqual({ status: 200, body: 'slow done' });
    expect(await drained).toBe('drained');
  });

  it('closes idle keep-alive connections instead of waiting for them', async () => {
    const { server, port } = await slowServer();
    const agent = new Agent({ keepAlive: true });
    try {
      await new Promise<void>((resolve, reject) => {
        httpRequest({ host: '127.0.0.1', port, path: '/fast', agent }, (res) => {
          res.resume();
          res.on('end', resolve);
        })
          .on('error', reject)
          .end();
      });
      const started = Date.now();
      expect(await drainServer(server, 5_000)).toBe('drained');
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      agent.destroy();
    }
  });

  it('cuts a request that outlasts the timeout', async () => {
    const { server, port, release, slowArrived } = await slowServer();
    const inFlight = get(port, '/slow');
    await slowArrived;
    expect(await drainServer(server, 50)).toBe('cut');
    expect(await inFlight).toEqual({ error: 'ECONNRESET' });
    release();
  });

  it('on shutdown turns readiness 503 before closing, then closes the database and exits 0', async () => {
    const { server, port, release, slowArrived, readiness } = await slowServer();
    const events: string[] = [];
    let exited!: (code: number) => void;
    const exitCode = new Promise<number>((resolve) => (exited = resolve));
    const shutdown = onShutdownSignals({
      server,
      readiness,
      timeoutMs: 5_000,
      close: async () => void events.push('database closed'),
      label: 'test',
      log: () => undefined,
      exit: (code) => {
        events.push('exit');
        exited(code);
      },
      signals: [],
    });
    const inFlight = get(port, '/slow');
    await slowArrived;
    void shutdown();
    expect(readiness.draining).toBe(true);
    expect(events).toEqual([]);
    release();
    expect(await inFlight).toEqual({ status: 200, body: 'slow done' });
    expect(await exitCode).toBe(0);
    expect(events).toEqual(['database closed', 'exit']);
  });

  it('with a shutdown delay keeps accepting requests, answering /readyz 503, until the delay is over', async () => {
    const { server, port, readiness } = await slowServer();
    let exited!: (code: number) => void;
    const exitCode = new Promise<number>((resolve) => (exited = resolve));
    const shutdown = onShutdownSignals({
      server,
      readiness,
      timeoutMs: 5_000,
      delayMs: 300,
      close: async () => undefined,
      label: 'test',
      log: () => undefined,
      exit: exited,
      signals: [],
    });
    void shutdown();
    expect(await get(port, '/readyz')).toEqual({ status: 503, body: 'not ready: draining\n' });
    expect(await get(port, '/fast')).toEqual({ status: 200, body: 'fast' });
    expect(await exitCode).toBe(0);
    expect(await get(port, '/fast')).toEqual({ error: 'ECONNREFUSED' });
  });
});
