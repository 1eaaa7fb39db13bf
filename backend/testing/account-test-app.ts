/**
 * Per-file setup of the account route tests: fresh in-memory PGlite with the sales channel and the demo customers,
 * the Store API middleware and the account routes over a clock the test moves (`advance`).
 */
import { Hono } from 'hono';
import { loadBackendConfig, type BackendConfig } from '../config.ts';
import { createDb, type Db, type DbHandle } from '../db/client.ts';
import { seedSalesChannel } from '../db/seed-channel.ts';
import { DEMO_PASSWORD, seedDemoCustomers } from '../seed/seed-customers.ts';
import {
  contextMiddleware,
  createChannelCache,
  DEFAULT_SESSION_LIFETIME,
  type StoreApiEnv,
} from '../store-api/context.ts';
import { handleError } from '../http/errors.ts';
import { registerAccountArea } from '../store-api/account/index.ts';

export interface AccountTestApi {
  handle: DbHandle;
  db: Db;
  config: BackendConfig;
  /** Request to `/store-api{path}` with the access key; each call gets its own client address unless given. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** Logs in and returns the new context token (throws unless 200). */
  login(username: string, password?: string): Promise<string>;
  /** Waits for the work deferred after responses (recovery mails). */
  settle(): Promise<void>;
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void;
  close(): Promise<void>;
}

let address = 0;

/**
 * Builds the app; `env` reaches the routes (NODE_ENV, WERKBANK_DEV_OUTBOX, …), `configEnv` the backend
 * configuration (e.g. STORE_API_PROVIDER).
 */
export async function createAccountTestApi(
  env: Record<string, string | undefined> = {},
  configEnv: Record<string, string | undefined> = {},
): Promise<AccountTestApi> {
  const handle = await createDb();
  const config = loadBackendConfig(configEnv);
  await seedSalesChannel(handle.db, config);
  await seedDemoCustomers(handle.db);
  let clock = Date.now();
  const deferred: Promise<void>[] = [];
  const app = new Hono<StoreApiEnv>();
  app.onError(handleError);
  app.use(
    '/store-api/*',
    contextMiddleware(handle.db, createChannelCache(handle.db), {
      ...DEFAULT_SESSION_LIFETIME,
      now: () => new Date(clock),
    }),
  );
  registerAccountArea(app, {
    db: handle.db,
    config,
    now: () => new Date(clock),
    env: { NODE_ENV: 'test', WERKBANK_DEV_OUTBOX: '1', ...env },
    defer: (task) => void deferred.push(task()),
  });
  const call: AccountTestApi['call'] = (method, path, body, headers = {}) =>
    Promise.resolve(
      app.request(`/store-api${path}`, {
        method,
        headers: {
          'sw-access-key': config.accessKey,
          'content-type': 'application/json',
          'x-real-ip': `198.51.100.${(address++ % 250) + 1}`,
          ...headers,
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      }),
    );
  return {
    handle,
    db: handle.db,
    config,
    call,
    async login(username, password = DEMO_PASSWORD) {
      const res = await call('POST', '/account/login', { username, password });
      if (res.status !== 200) throw new Error(`login of ${username} failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { contextToken: string }).contextToken;
    },
    async settle() {
      while (deferred.length) await deferred.shift();
    },
    advance(ms) {
      clock += ms;
    },
    close: () => handle.close(),
  };
}
