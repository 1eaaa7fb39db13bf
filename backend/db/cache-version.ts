/**
 * Versions of the in-memory snapshots of the database (`cache_version`, ./schema/cache-version.ts): every write of a
 * scope bumps its version in the writing transaction (`bumpCacheVersion`), and every process follows the rows
 * (`startCacheVersionWatcher`) and drops its snapshots of a scope whose version rose (`CacheVersionState` subscribers:
 * the catalogue cache, the sales-channel cache). docs/decisions/026-several-instances.md states the bound.
 *
 * Two paths carry a new version to a process:
 * - `NOTIFY werkbank_cache, '<scope>:<version>'`, sent by the bump. PostgreSQL delivers a notification only when the
 *   sending transaction commits, and never one of a rolled-back transaction (PostgreSQL 15 documentation, NOTIFY). On
 *   PostgreSQL each process LISTENs on one dedicated connection (not pooled: a pooled connection goes back to the pool
 *   and a transaction pooler does not keep a session's LISTEN), to `DbHandle.directUrl`; a lost connection is opened
 *   again with backoff, and the rows are read again once it listens. On PGlite (one process) the notification comes
 *   through PGlite's own `listen`.
 * - A poll of the rows every `WERKBANK_CACHE_POLL_MS` (contract/provider/cache-version.ts `cachePollMs`, 5 s by
 *   default), which catches notifications lost while the listening connection was down.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import {
  CACHE_SCOPES,
  DEFAULT_CACHE_POLL_MS,
  UNKNOWN_CACHE_VERSIONS,
  type CacheScope,
  type CacheVersions,
} from '../../contract/provider/cache-version.ts';
import { queryRows, type Db, type DbHandle } from './client.ts';
import { describeErrorForLog } from './errors.ts';
import { startPeriodic } from '../lib/periodic.ts';

export type { CacheScope, CacheVersions };

/** The `NOTIFY` channel of version bumps; the payload is `<scope>:<version>`. */
export const CACHE_NOTIFY_CHANNEL = 'werkbank_cache';

/**
 * Raises the version of `scope` by one and announces it with `pg_notify('werkbank_cache', '<scope>:<version>')`, in
 * one statement run on `tx`: inside the caller's transaction both take effect on its commit and vanish with its
 * rollback; outside of one the statement commits on its own. A missing row starts at 1.
 *
 * @returns the new version.
 * @throws the database error of the statement.
 */
export async function bumpCacheVersion(tx: Pick<Db, 'execute'>, scope: CacheScope): Promise<number> {
  const [row] = await queryRows<{ version: number | string }>(
    tx,
    sql`
    WITH bumped AS (
      INSERT INTO cache_version AS v (scope, version) VALUES (${scope}, 1)
      ON CONFLICT (scope) DO UPDATE SET version = v.version + 1, changed_at = now()
      RETURNING v.scope, v.version
    )
    SELECT version, pg_notify(${CACHE_NOTIFY_CHANNEL}, scope || ':' || version)::text AS notified FROM bumped`,
  );
  return Number(row!.version);
}

/**
 * The committed versions of every scope (0 for a scope without a row).
 *
 * @throws the database error of the read.
 */
export async function readCacheVersions(db: Pick<Db, 'execute'>): Promise<CacheVersions> {
  const rows = await queryRows<{ scope: string; version: number | string }>(
    db,
    sql`SELECT scope, version FROM cache_version`,
  );
  const out: Record<CacheScope, number> = { ...UNKNOWN_CACHE_VERSIONS };
  for (const row of rows) if (isScope(row.scope)) out[row.scope] = Number(row.version);
  return Object.freeze(out);
}

function isScope(value: string): value is CacheScope {
  return (CACHE_SCOPES as readonly string[]).includes(value);
}

/** Called once for each scope whose version rose, with the versions after the change. */
export type CacheVersionListener = (scope: CacheScope, versions: CacheVersions) => void;

/**
 * The versions one process serves, and who drops what when they rise. Versions only rise: a lower or equal version
 * (a late notification, a poll that raced one) changes nothing and calls nobody.
 */
export interface CacheVersionState {
  /** The versions now (a frozen object, replaced on every change). */
  current(): CacheVersions;
  /**
   * Takes the given versions that are higher than the current ones, then calls every listener once per scope that
   * rose, synchronously, in subscription order (a throwing listener is logged and the others still run).
   *
   * @returns the scopes that rose.
   */
  raise(versions: Partial<Record<CacheScope, number>>): CacheScope[];
  /** Calls `listener` on every rise from now on; returns the function that unsubscribes it. */
  subscribe(listener: CacheVersionListener): () => void;
}

/** A state at version 0 for every scope (nothing read yet). */
export function createCacheVersionState(): CacheVersionState {
  let versions: CacheVersions = UNKNOWN_CACHE_VERSIONS;
  const listeners = new Set<CacheVersionListener>();
  return {
    current: () => versions,
    raise(next) {
      const risen = CACHE_SCOPES.filter((scope) => {
        const version = next[scope];
        return version !== undefined && Number.isFinite(version) && version > versions[scope];
      });
      if (risen.length === 0) return risen;
      const merged: Record<CacheScope, number> = { ...versions };
      for (const scope of risen) merged[scope] = next[scope]!;
      versions = Object.freeze(merged);
      for (const scope of risen) {
        for (const listener of [...listeners]) {
          try {
            listener(scope, versions);
          } catch (error) {
            console.error(`[cache-version] a listener of ${scope} failed: ${describeErrorForLog(error)}`);
          }
        }
      }
      return risen;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The versions of one notification payload `<scope>:<version>`, or null for anything else. */
function parsePayload(payload: string | undefined): Partial<Record<CacheScope, number>> | null {
  const match = /^([a-z]+):(\d{1,15})$/.exec(payload ?? '');
  if (!match || !isScope(match[1]!)) return null;
  return { [match[1]!]: Number(match[2]) };
}

export interface CacheVersionWatcherOptions {
  /** Milliseconds between two reads of the rows (default 5000; `cachePollMs` reads `WERKBANK_CACHE_POLL_MS`). */
  pollMs?: number;
  /** PostgreSQL: first wait, in milliseconds, before opening a lost listening connection again (default 500). */
  reconnectMinMs?: number;
  /** PostgreSQL: longest wait between two attempts; each failed attempt doubles the wait (default 30000). */
  reconnectMaxMs?: number;
  /** Where failures of the listening connection are reported (default `console.error`). */
  log?: (line: string) => void;
}

export interface CacheVersionWatcher {
  /** Reads the rows now and raises the state (a failed read is logged, not thrown). */
  poll(): Promise<void>;
  /** True while the process LISTENs (PostgreSQL: the dedicated connection is open; PGlite: subscribed). */
  listening(): boolean;
  /** Stops the poll and the listening, and closes the dedicated connection. */
  stop(): Promise<void>;
}

/**
 * Follows the `cache_version` rows of `handle` into `state` (see the module comment): reads them once before it
 * resolves, then listens for notifications and polls every `pollMs`.
 *
 * @returns the running watcher; stop it before closing the handle.
 * @throws nothing: a failed first read or connection is logged, and the poll and the reconnects go on.
 */
export async function startCacheVersionWatcher(
  handle: DbHandle,
  state: CacheVersionState,
  options: CacheVersionWatcherOptions = {},
): Promise<CacheVersionWatcher> {
  const log = options.log ?? ((line: string) => console.error(line));
  const reconnectMinMs = options.reconnectMinMs ?? 500;
  const reconnectMaxMs = options.reconnectMaxMs ?? 30_000;
  let stopped = false;

  const poll = async (): Promise<void> => {
    try {
      state.raise(await readCacheVersions(handle.db));
    } catch (error) {
      if (!stopped) log(`[cache-version] reading the versions failed: ${describeErrorForLog(error)}`);
    }
  };
  const onPayload = (payload: string | undefined): void => {
    const versions = parsePayload(payload);
    if (versions) state.raise(versions);
  };

  await poll();
  const stopPoll = startPeriodic('cache-version: poll', options.pollMs ?? DEFAULT_CACHE_POLL_MS, poll);

  if (handle.kind === 'pglite') {
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    let unlisten: (() => Promise<void>) | undefined;
    try {
      unlisten = await client.listen(CACHE_NOTIFY_CHANNEL, onPayload);
    } catch (error) {
      log(`[cache-version] LISTEN failed, polling only: ${describeErrorForLog(error)}`);
    }
    return {
      poll,
      listening: () => unlisten !== undefined && !stopped,
      async stop() {
        stopped = true;
        stopPoll();
        await unlisten?.().catch(() => undefined);
      },
    };
  }

  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let attempt = 0;
  const connect = async (): Promise<void> => {
    retry = undefined;
    if (stopped || !handle.directUrl) return;
    const next = new pg.Client({ connectionString: handle.directUrl });
    let lost = false;
    const drop = (error?: unknown): void => {
      if (lost) return;
      lost = true;
      if (client === next) client = undefined;
      next.end().catch(() => undefined);
      if (stopped) return;
      if (error) log(`[cache-version] listening connection lost: ${describeErrorForLog(error)}`);
      const waitMs = Math.min(reconnectMaxMs, reconnectMinMs * 2 ** attempt);
      attempt++;
      retry = setTimeout(() => void connect(), waitMs);
      retry.unref();
    };
    next.on('notification', (message) => {
      if (message.channel === CACHE_NOTIFY_CHANNEL) onPayload(message.payload);
    });
    next.on('error', (error) => drop(error));
    next.on('end', () => drop());
    try {
      await next.connect();
      await next.query(`LISTEN ${CACHE_NOTIFY_CHANNEL}`);
    } catch (error) {
      drop(error);
      return;
    }
    if (stopped) {
      lost = true;
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    attempt = 0;
    // Bumps committed while no connection listened sent notifications nobody received.
    await poll();
  };
  await connect();

  return {
    poll,
    listening: () => client !== undefined && !stopped,
    async stop() {
      stopped = true;
      stopPoll();
      if (retry) clearTimeout(retry);
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}
