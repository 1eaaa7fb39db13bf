/**
 * Vitest set-up file of the `db` project: every in-memory PGlite database a test opens with `createDb()` starts from
 * the migrated dump of ./migrated-dump.ts (`loadDataDir`) instead of migrating an empty database again; the
 * migrations still run and find nothing to apply. Databases on disk, on PostgreSQL, or opened with `migrate: false`
 * are opened as asked.
 */
import { vi } from 'vitest';

vi.mock(import('../client.ts'), async (importOriginal) => {
  const client = await importOriginal();
  const { readFile } = await import('node:fs/promises');
  const { inject } = await import('vitest');
  const dump = new Blob([new Uint8Array(await readFile(inject('pgliteDump')))]);
  return {
    ...client,
    createDb: (options: Parameters<typeof client.createDb>[0] = {}) =>
      options.databaseUrl ||
      (options.dataDir && options.dataDir !== 'memory://') ||
      options.migrate === false ||
      options.loadDataDir
        ? client.createDb(options)
        : client.createDb({ ...options, loadDataDir: dump }),
  };
});
