import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb } from './client.ts';
import { acquireDataDirLock, LOCK_FILE_NAME } from './data-dir-lock.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'werkbank-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A pid that named a process a moment ago and names none now. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid;
}

describe('the lock file of a PGlite data folder', () => {
  it('lets one process in: a second open fails at once, naming the folder and the pid that holds it', () => {
    const first = acquireDataDirLock(dir);
    expect(readFileSync(first.path, 'utf8').trim()).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(
      new RegExp(
        `PGlite data folder ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by process ${process.pid}`,
      ),
    );
    first.release();
    expect(existsSync(first.path)).toBe(false);
    const again = acquireDataDirLock(dir);
    again.release();
  });

  it('takes over a lock file whose process no longer runs', () => {
    const stale = deadPid();
    writeFileSync(join(dir, LOCK_FILE_NAME), `${stale}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over an empty or unreadable lock file', () => {
    writeFileSync(join(dir, LOCK_FILE_NAME), 'not a pid');
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('leaves a lock file that another process wrote in the meantime when releasing', () => {
    const lock = acquireDataDirLock(dir);
    writeFileSync(lock.path, '1\n');
    lock.release();
    expect(readFileSync(lock.path, 'utf8').trim()).toBe('1');
  });

  it('keeps a second database from opening the folder while the first stays usable, and frees it on close', async () => {
    const first = await createDb({ dataDir: dir, migrate: false });
    try {
      await expect(createDb({ dataDir: dir, migrate: false })).rejects.toThrow(`is in use by process ${process.pid}`);
      const rows = (await first.db.execute(sql`SELECT 1 AS one`)) as unknown as { rows: { one: number }[] };
      expect(rows.rows[0]?.one).toBe(1);
    } finally {
      await first.close();
    }
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
  });

  it('takes no lock for an in-memory database', async () => {
    const a = await createDb({ dataDir: 'memory://', migrate: false });
    const b = await createDb({ dataDir: 'memory://', migrate: false });
    await Promise.all([a.close(), b.close()]);
  });
});
