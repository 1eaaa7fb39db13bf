/**
 * The cluster of the cluster test (`npm run cluster:test`), all on loopback over one PostgreSQL database of its own:
 *
 * ```
 * client ── HAProxy :SHOP ─ roundrobin, GET /readyz every 500 ms ─▶ storefront S1, S2 (dist/server/entry.mjs)
 *                                                                     │ STORE_API_URL = HAProxy :API
 *          HAProxy :API  ─ roundrobin, GET /readyz every 500 ms ─▶ Store API B1, B2 (backend/main.ts, role web)
 *                                                                  Store API W1, W2 (role worker, not balanced)
 * ```
 *
 * Processes are real child processes (`node dist/server/entry.mjs`, `node --import tsx backend/main.ts`) with their
 * output kept for the failure message; HAProxy is Debian's (`haproxy`, installed by `scripts/test.mjs`), configured
 * for per-request round robin, health checks on `/readyz`, `option redispatch` and retries of requests that never
 * reached a server (HAProxy 2.6 configuration manual, "retry-on", "option redispatch", "option httpchk").
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_ACCESS_KEY } from '../../backend/config.ts';

/** Loopback ports of the cluster: away from the development shop (4321), Playwright (44xx) and the bench. */
export const PORTS = {
  shopBalancer: 4780,
  apiBalancer: 4790,
  storefronts: [4731, 4732],
  backends: [4741, 4742],
  /** Two job processes (role worker), not behind the balancer: schedules must still run once. */
  workers: [4743, 4744],
  /** A Store API outside the balancer, for the crash after an order's commit. */
  faulty: 4745,
} as const;

/** The public origin of the Belgian site behind the balancer (every process is configured with it). */
export const SHOP_ORIGIN = `http://localhost:${PORTS.shopBalancer}`;
/** The Host header of the Belgian site. */
export const SHOP_HOST = `localhost:${PORTS.shopBalancer}`;
export const ACCESS_KEY = DEFAULT_ACCESS_KEY;

/** One child process of the cluster. */
export interface ClusterProcess {
  name: string;
  /** Its own HTTP port (bypassing the balancer). */
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
  /** Its stdout and stderr so far. */
  output(): string;
}

const ROOT = resolve(import.meta.dirname, '../..');

/** Environment every cluster process shares: the database, the public domains, SMTP, the poll interval. */
export function sharedEnv(databaseUrl: string, smtpPort: number): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  delete env.DATA_DIR;
  delete env.STORE_API_URL;
  delete env.NODE_OPTIONS;
  return {
    ...env,
    DATABASE_URL: databaseUrl,
    SHOP_URL_BE: SHOP_ORIGIN,
    SHOP_URL_AT: `http://at.localhost:${PORTS.shopBalancer}`,
    STORE_API_ACCESS_KEY: ACCESS_KEY,
    WERKBANK_DEMO_CUSTOMERS: '1',
    // The generated catalogue only (5,000 articles): the real catalogues' media would make the start slow.
    SHARED_CATALOG_DIR: join(ROOT, 'tests/cluster/no-shared-catalogue'),
    WERKBANK_CLUSTER: '1',
    WERKBANK_CACHE_POLL_MS: '1000',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Werkbank <shop@werkbank.test>',
    SHUTDOWN_DELAY_MS: '1500',
    SHUTDOWN_TIMEOUT_MS: '10000',
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
  };
}

function spawnProcess(name: string, port: number, args: string[], env: Record<string, string>): ClusterProcess {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
  const exited = new Promise<number | string>((done) =>
    child.on('exit', (code, signal) => done(code ?? signal ?? 'unknown')),
  );
  return { name, port, child, exited, output: () => Buffer.concat(chunks).toString() };
}

/** Starts a standalone Store API (`backend/main.ts`) on `port` with role `role`. */
export function startBackend(
  name: string,
  port: number,
  env: Record<string, string>,
  role: 'all' | 'web' | 'worker',
): ClusterProcess {
  return spawnProcess(name, port, ['--import', 'tsx', 'backend/main.ts'], {
    ...env,
    BACKEND_PORT: String(port),
    WERKBANK_ROLE: role,
    TRUSTED_PROXIES: '127.0.0.1',
  });
}

/** The asset archive the storefronts of the cluster share (`ASSET_ARCHIVE_DIR`, src/server/asset-archive.ts). */
export const ASSET_ARCHIVE_DIR = join(tmpdir(), `werkbank-cluster-assets-${process.pid}`);

/** Starts a storefront (the production build) on `port`, talking to the Store API balancer. */
export function startStorefront(name: string, port: number, env: Record<string, string>): ClusterProcess {
  return spawnProcess(name, port, ['dist/server/entry.mjs'], {
    ...env,
    ASSET_ARCHIVE_DIR,
    PORT: String(port),
    STORE_API_URL: `http://127.0.0.1:${PORTS.apiBalancer}`,
    TRUSTED_CLIENT_IP_HEADER: 'x-forwarded-for',
  });
}

/**
 * Runs one of the shop's commands (`backend/…` through tsx) to its end against the cluster's database.
 *
 * @returns its exit code, output and the time it ended (ms since the epoch).
 */
export function runCommand(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | string; output: string; endedAt: number }> {
  const proc = spawnProcess(script, 0, ['--import', 'tsx', script, ...args], env);
  return proc.exited.then((code) => ({ code, output: proc.output(), endedAt: Date.now() }));
}

/** Builds the storefront when `dist/server/entry.mjs` is missing (npm test builds it before this runs). */
export function ensureBuild(): void {
  if (existsSync(join(ROOT, 'dist/server/entry.mjs'))) return;
  // A test runner sets NODE_ENV=test, which would build React's development JSX runtime.
  const res = spawnSync(join(ROOT, 'node_modules/.bin/astro'), ['build'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (res.status !== 0) throw new Error('astro build failed');
}

/** The HAProxy configuration of the module comment. */
export function haproxyConfig(): string {
  const servers = (prefix: string, ports: readonly number[]) =>
    ports.map((port, i) => `  server ${prefix}${i + 1} 127.0.0.1:${port} check`).join('\n');
  return `global
  maxconn 2000
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout queue 10s
  option httpchk GET /readyz
  option redispatch
  retries 3
  retry-on conn-failure empty-response response-timeout
  default-server inter 500ms fall 2 rise 1
frontend shop
  bind 127.0.0.1:${PORTS.shopBalancer}
  option forwardfor
  default_backend storefronts
backend storefronts
  balance roundrobin
${servers('s', PORTS.storefronts)}
frontend api
  bind 127.0.0.1:${PORTS.apiBalancer}
  option forwardfor
  default_backend backends
backend backends
  balance roundrobin
${servers('b', PORTS.backends)}
`;
}

/** Starts HAProxy in the foreground (`-db`) with `haproxyConfig()`. */
export function startBalancer(): ClusterProcess & { cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'werkbank-cluster-'));
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig());
  const haproxy = '/usr/sbin/haproxy';
  if (!existsSync(haproxy)) throw new Error('HAProxy is missing: apt-get install -y haproxy (scripts/test.mjs does)');
  const child = spawn(haproxy, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
  const exited = new Promise<number | string>((done) =>
    child.on('exit', (code, signal) => done(code ?? signal ?? 'unknown')),
  );
  return {
    name: 'haproxy',
    port: PORTS.shopBalancer,
    child,
    exited,
    output: () => Buffer.concat(chunks).toString(),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HttpOptions {
  port: number;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Source address on loopback (127.0.0.x), so the balancer sees distinct clients. */
  localAddress?: string;
  timeoutMs?: number;
}

/**
 * One HTTP/1.1 request on a fresh connection to 127.0.0.1 (node:http, which lets the caller set `Host`).
 *
 * @throws the connection error (ECONNREFUSED, ECONNRESET) or a timeout error after `timeoutMs` (default 30 s).
 */
export function http(options: HttpOptions): Promise<HttpAnswer> {
  return new Promise((done, fail) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: options.port,
        path: options.path,
        method: options.method ?? 'GET',
        headers: { host: SHOP_HOST, ...options.headers },
        localAddress: options.localAddress,
        agent: false,
        timeout: options.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', fail);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout after ${options.timeoutMs ?? 30_000} ms`)));
    req.on('error', fail);
    req.end(options.body);
  });
}

/** A Store API request (JSON) with the access key, through `port` (a backend or the API balancer). */
export function storeApi(
  port: number,
  path: string,
  options: {
    method?: string;
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
    localAddress?: string;
  } = {},
): Promise<HttpAnswer> {
  return http({
    port,
    path: `/store-api${path}`,
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      'sw-access-key': ACCESS_KEY,
      accept: 'application/json',
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { 'sw-context-token': options.token } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    localAddress: options.localAddress,
  });
}

/**
 * Polls `check` every `everyMs` until it answers a value other than undefined, for at most `timeoutMs`.
 *
 * @returns the value and the milliseconds it took.
 * @throws Error naming `what` when the time is up.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  everyMs = 200,
): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  for (;;) {
    let value: T | undefined;
    try {
      value = await check();
    } catch {
      value = undefined;
    }
    if (value !== undefined) return { value, ms: Date.now() - started };
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * Waits until the process answers `/readyz` with 200.
 *
 * @returns the milliseconds it took.
 * @throws Error with the process's output when it exits first or the time is up.
 */
export async function waitReady(proc: ClusterProcess, timeoutMs = 90_000): Promise<number> {
  let exited: number | string | undefined;
  void proc.exited.then((code) => (exited = code));
  try {
    const { ms } = await waitFor(
      `${proc.name} ready`,
      async () => {
        if (exited !== undefined) throw new Error('exited');
        const res = await http({ port: proc.port, path: '/readyz', timeoutMs: 2_000 });
        return res.status === 200 ? true : undefined;
      },
      timeoutMs,
      250,
    );
    return ms;
  } catch (error) {
    throw new Error(
      `${proc.name} did not become ready${exited !== undefined ? ` (exited ${exited})` : ''}: ${(error as Error).message}\n${proc.output().slice(-4000)}`,
      { cause: error },
    );
  }
}

/**
 * Sends SIGTERM and waits for the exit.
 *
 * @returns the exit code and the milliseconds it took; kills with SIGKILL after `timeoutMs` (then 'SIGKILL').
 */
export async function stop(proc: ClusterProcess, timeoutMs = 30_000): Promise<{ code: number | string; ms: number }> {
  const started = Date.now();
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
    return { code: proc.child.exitCode ?? proc.child.signalCode ?? 'unknown', ms: 0 };
  }
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), timeoutMs);
  const code = await proc.exited;
  clearTimeout(timer);
  return { code, ms: Date.now() - started };
}

/** Prints one measured figure of the cluster test, so the run's log shows what was measured. */
export function figure(check: string, text: string): void {
  console.log(`[cluster] ${check}: ${text}`);
}
