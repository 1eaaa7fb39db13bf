/**
 * The guard of a PGlite data folder: PGlite is PostgreSQL in one process (WebAssembly, no postmaster), so a second
 * process opening the same folder would read and write the same files without any locking between the two and
 * corrupt them or hang. Whoever opens a folder first writes its pid into an exclusive lock file there
 * (`open(…, 'wx')`, which fails when the file exists); a second process finds it and fails at once with the folder
 * and the pid that holds it. The lock file is removed when the database is closed and, as a last resort, when the
 * process exits. A lock file whose pid names no running process (a crash, a `kill -9`) is stale and is taken over.
 *
 * In-memory databases (`memory://`, tests) share nothing and take no lock.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Name of the lock file inside the data folder. */
export const LOCK_FILE_NAME = 'werkbank.lock';

export interface DataDirLock {
  /** Absolute path of the lock file. */
  path: string;
  /** Removes the lock file if it still holds this process's pid; idempotent. */
  release(): void;
}

/**
 * Whether a process with this pid exists (signal 0 only checks: ESRCH = none; EPERM = one of another user).
 */
function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid written in a lock file, or null when it is unreadable, empty or not a pid. */
function readPid(path: string): { text: string; pid: number | null } | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const pid = /^\s*(\d+)\s*$/.test(text) ? Number(text.trim()) : NaN;
  return { text, pid: Number.isSafeInteger(pid) && pid > 0 ? pid : null };
}

/**
 * Takes the lock of the PGlite data folder `dataDir` (which must exist) for this process.
 *
 * A lock file left by a process that no longer runs is taken over. Its content is compared again just before it is
 * removed, so of two processes starting together on a stale lock only one gets the folder. A pid reused by an
 * unrelated process keeps the folder locked until the file is deleted by hand; the message says so.
 *
 * @param pid the pid to write (default this process's; tests pass others).
 * @throws Error naming the folder and the holding pid when a running process holds the folder (this one included:
 *   one process opens a folder once); the file system's error when the folder cannot be written.
 */
export function acquireDataDirLock(dataDir: string, pid: number = process.pid): DataDirLock {
  const folder = resolve(dataDir);
  const path = join(folder, LOCK_FILE_NAME);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      try {
        writeSync(fd, `${pid}\n`);
      } finally {
        closeSync(fd);
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readPid(path);
    if (holder === null) continue; // removed in between: try again
    if (holder.pid !== null && processExists(holder.pid)) {
      throw new Error(
        `The PGlite data folder ${folder} is in use by process ${holder.pid} (lock file ${path}). PGlite serves one ` +
          'process only: stop that process, point DATA_DIR at another folder, or use PostgreSQL (DATABASE_URL) for ' +
          'several processes. If process ' +
          `${holder.pid} is not Werkbank, delete the lock file.`,
      );
    }
    if (attempt >= 2) throw new Error(`Could not take the lock file ${path} of the PGlite data folder ${folder}.`);
    if (holder.text === '' && attempt === 0) {
      // Created by a process that has not written its pid yet: look again shortly before calling it stale.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      continue;
    }
    // Stale (no such process) or unreadable: take it over, unless another process did so meanwhile.
    if (readPid(path)?.text === holder.text) {
      try {
        unlinkSync(path);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }

  const release = (): void => {
    process.off('exit', release);
    if (readPid(path)?.pid !== pid) return;
    try {
      unlinkSync(path);
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return { path, release };
}
