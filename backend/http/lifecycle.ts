/**
 * Health, readiness and graceful shutdown of a Node HTTP server, shared by the storefront's production server
 * (src/server/entry.ts, through the Store API transport) and the standalone Store API (backend/main.ts):
 *
 * - `GET /healthz`: the process is alive and its event loop answers: always 200 `ok`, no database access.
 * - `GET /readyz`: whether a load balancer should send requests here: 200 `ready` when the process is not draining
 *   and its probe (the embedded runtime is started and the database answers `SELECT 1` within 1 s) passes, otherwise
 *   503 with a short reason (`draining`, `starting`, `database unreachable`…) and no error details.
 *
 *   Both answer `Cache-Control: no-store` and as `text/plain`; HEAD answers the same without a body, other methods
 *   405 with `Allow: GET, HEAD`.
 * - On SIGTERM or SIGINT (`onShutdownSignals`): readiness turns 503 first; after `SHUTDOWN_DELAY_MS` (default 0: a
 *   load balancer that probes `/readyz` every `inter` and takes a server out after `fall` failures needs about
 *   inter × fall, e.g. HAProxy's `check inter 500ms fall 2`: 1 s) the server stops accepting
 *   connections and closes idle keep-alive connections, requests in flight finish (at most `SHUTDOWN_TIMEOUT_MS`,
 *   default 10 s, after which the remaining connections are cut), then the database closes and the process exits 0
 *   (1 when closing failed). A second signal exits at once with 1.
 *
 * The probes follow the Kubernetes conventions for liveness and readiness endpoints (kubernetes.io, "Kubernetes API
 * health endpoints" and "Pod Lifecycle: termination of Pods"); closing uses Node's `server.close()`,
 * `closeIdleConnections()` and `closeAllConnections()` (Node.js `http.Server` documentation).
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Path of the liveness probe. */
export const HEALTH_PATH = '/healthz';
/** Path of the readiness probe. */
export const READY_PATH = '/readyz';
/** How long the database may take to answer the readiness probe's `SELECT 1`, in milliseconds. */
export const DATABASE_PROBE_TIMEOUT_MS = 1_000;
/** Default of `SHUTDOWN_TIMEOUT_MS`: how long requests in flight may take to finish on shutdown, in milliseconds. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

/** A readiness condition: null when it holds, else a short reason (a few words, no error details). */
export type ReadinessProbe = () => Promise<string | null>;

export type ReadinessResult = { ready: true } | { ready: false; reason: string };

/** The readiness of one process: its probe, and whether it is draining (which nothing undoes). */
export interface Readiness {
  readonly draining: boolean;
  /** From now on `check()` answers not ready (`draining`). */
  startDraining(): void;
  /** Not ready while draining, else as the probe says; a probe that throws counts as `check failed`. */
  check(): Promise<ReadinessResult>;
}

/** The readiness of a process whose other conditions `probe` checks. */
export function createReadiness(probe: ReadinessProbe): Readiness {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
    async check() {
      if (draining) return { ready: false, reason: 'draining' };
      let reason: string | null;
      try {
        reason = await probe();
      } catch {
        reason = 'check failed';
      }
      if (draining) return { ready: false, reason: 'draining' };
      return reason === null ? { ready: true } : { ready: false, reason };
    },
  };
}

/**
 * Probe of the database: `SELECT 1` answered within `timeoutMs` (default `DATABASE_PROBE_TIMEOUT_MS`).
 *
 * @returns null, `database timeout` or `database unreachable`; never throws.
 */
export async function checkDatabase(
  db: Pick<Db, 'execute'>,
  timeoutMs: number = DATABASE_PROBE_TIMEOUT_MS,
): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('database timeout'), timeoutMs);
  });
  const query = db.execute(sql`SELECT 1`).then(
    () => null,
    () => 'database unreachable',
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The answer to a health or readiness request: status, headers and body (empty for HEAD). */
export interface HealthAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The answer to a request for `/healthz` or `/readyz` (the exact path; the query is ignored), or undefined for any
 * other path.
 */
export async function healthAnswer(
  method: string,
  pathname: string,
  readiness: Readiness,
): Promise<HealthAnswer | undefined> {
  if (pathname !== HEALTH_PATH && pathname !== READY_PATH) return undefined;
  const headers: Record<string, string> = {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  };
  if (method !== 'GET' && method !== 'HEAD') {
    return { status: 405, headers: { ...headers, Allow: 'GET, HEAD' }, body: 'Method not allowed.\n' };
  }
  let status = 200;
  let text = 'ok';
  if (pathname === READY_PATH) {
    const result = await readiness.check();
    status = result.ready ? 200 : 503;
    text = result.ready ? 'ready' : `not ready: ${result.reason}`;
  }
  return { status, headers, body: method === 'HEAD' ? '' : `${text}\n` };
}

/**
 * A Node request listener that answers `/healthz` and `/readyz` itself and hands every other request to `next`
 * unchanged, so the probes pass no cache, origin check or domain lookup of `next`.
 */
export function withHealthEndpoints(readiness: Readiness, next: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const pathname = query === -1 ? url : url.slice(0, query);
    if (pathname !== HEALTH_PATH && pathname !== READY_PATH) {
      next(req, res);
      return;
    }
    void healthAnswer(req.method ?? 'GET', pathname, readiness).then((answer) => {
      if (!answer) return;
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    });
  };
}

/**
 * `SHUTDOWN_TIMEOUT_MS` of `env`: a whole number of milliseconds (0 cuts connections at once), default
 * `DEFAULT_SHUTDOWN_TIMEOUT_MS`.
 *
 * @throws Error when it is set to anything else.
 */
export function shutdownTimeoutMs(env: Record<string, string | undefined>): number {
  const raw = env.SHUTDOWN_TIMEOUT_MS?.trim();
  if (!raw) return DEFAULT_SHUTDOWN_TIMEOUT_MS;
  if (!/^\d+$/.test(raw)) throw new Error(`SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds, not "${raw}".`);
  return Number(raw);
}

/**
 * `SHUTDOWN_DELAY_MS` of `env`: how long a draining process keeps serving with readiness 503 before it stops
 * accepting connections, so that the load balancer's probe takes it out first; a whole number of milliseconds,
 * default 0 (no load balancer).
 *
 * @throws Error when it is set to anything else.
 */
export function shutdownDelayMs(env: Record<string, string | undefined>): number {
  const raw = env.SHUTDOWN_DELAY_MS?.trim();
  if (!raw) return 0;
  if (!/^\d+$/.test(raw)) throw new Error(`SHUTDOWN_DELAY_MS must be a whole number of milliseconds, not "${raw}".`);
  return Number(raw);
}

/** How often idle keep-alive connections are closed while requests drain, in milliseconds. */
const IDLE_SWEEP_MS = 100;

/**
 * Stops `server` from accepting connections, closes its idle keep-alive connections (again every 100 ms, as
 * connections finish their last request), and waits for the requests in flight; after `timeoutMs` the connections
 * still open are cut (`closeAllConnections`).
 *
 * @returns 'drained' when every request finished in time, 'cut' when connections had to be closed; never rejects
 *   (closing a server that was not listening counts as drained).
 */
export function drainServer(server: Server, timeoutMs: number): Promise<'drained' | 'cut'> {
  return new Promise((resolve) => {
    let cut = false;
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const deadline = setTimeout(() => {
      cut = true;
      server.closeAllConnections();
    }, timeoutMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve(cut ? 'cut' : 'drained');
    });
    server.closeIdleConnections();
  });
}

export interface ShutdownOptions {
  server: Server;
  readiness: Readiness;
  /** How long requests in flight may take (`shutdownTimeoutMs`). */
  timeoutMs: number;
  /** How long to keep serving with readiness 503 before closing the listener (`shutdownDelayMs`; default 0). */
  delayMs?: number;
  /** Closes what the process holds after the server is closed (the database). */
  close: () => Promise<void>;
  /** Names the server in log lines, e.g. `storefront`. */
  label: string;
  log?: (line: string) => void;
  /** Ends the process (default `process.exit`). */
  exit?: (code: number) => void;
  /** The signals that start the shutdown (default SIGTERM and SIGINT). */
  signals?: readonly NodeJS.Signals[];
}

/**
 * Runs the shutdown of the module comment on SIGTERM and SIGINT (`options.signals`).
 *
 * @returns the shutdown itself, for callers that stop the server without a signal; it runs once, later calls return
 *   the same promise.
 */
export function onShutdownSignals(options: ShutdownOptions): () => Promise<void> {
  const log = options.log ?? ((line: string) => console.log(line));
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let running: Promise<void> | undefined;
  const shutdown = (): Promise<void> => {
    running ??= (async () => {
      options.readiness.startDraining();
      log(`[werkbank] ${options.label}: shutting down, draining requests (up to ${options.timeoutMs} ms)`);
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const outcome = await drainServer(options.server, options.timeoutMs);
      if (outcome === 'cut') log(`[werkbank] ${options.label}: open connections cut after ${options.timeoutMs} ms`);
      let code = 0;
      try {
        await options.close();
      } catch (err) {
        code = 1;
        log(`[werkbank] ${options.label}: closing the database failed: ${(err as Error).message}`);
      }
      log(`[werkbank] ${options.label}: stopped`);
      exit(code);
    })();
    return running;
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    if (running) {
      log(`[werkbank] ${options.label}: ${signal} again, exiting at once`);
      exit(1);
      return;
    }
    void shutdown();
  };
  for (const signal of options.signals ?? ['SIGTERM', 'SIGINT']) process.on(signal, onSignal);
  return shutdown;
}
