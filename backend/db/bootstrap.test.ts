/**
 * The start-up promise shared by a process's callers (`getRuntime` is `shareUntilRejected` over one start-up
 * attempt): shared while pending or fulfilled, forgotten when it rejects so that the next call tries again. And the
 * wait of a cluster's web process for a database another process migrates and seeds.
 */
import { describe, expect, test } from 'vitest';
import { bootstrapDatabase, readSchemaStatus, shareUntilRejected, waitForSchema } from './bootstrap.ts';
import { createDb } from './client.ts';
import { seedSalesChannel } from './seed-channel.ts';
import { loadBackendConfig } from '../config.ts';

describe('shareUntilRejected', () => {
  test('a start-up whose seed throws once is retried by the next call, which then succeeds', async () => {
    let attempts = 0;
    const start = shareUntilRejected(async (label: string) => {
      attempts += 1;
      if (attempts === 1) throw new Error('seed failed: database not reachable');
      return `${label} up`;
    });

    await expect(start('shop')).rejects.toThrow('seed failed');
    await expect(start('shop')).resolves.toBe('shop up');
    expect(attempts).toBe(2);
  });

  test('callers during and after a successful start-up share one attempt', async () => {
    let attempts = 0;
    const start = shareUntilRejected(async () => {
      attempts += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { attempt: attempts };
    });

    const [a, b] = await Promise.all([start(), start()]);
    const c = await start();
    expect(a).toBe(b);
    expect(c).toBe(a);
    expect(attempts).toBe(1);
  });

  test('callers waiting on a failing start-up all get its error, and only one retry follows', async () => {
    let attempts = 0;
    const start = shareUntilRejected(async () => {
      attempts += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (attempts === 1) throw new Error('migration failed');
      return 'up';
    });

    const waiting = await Promise.allSettled([start(), start()]);
    expect(waiting.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await Promise.all([start(), start()])).toEqual(['up', 'up']);
    expect(attempts).toBe(2);
  });
});

describe('waitForSchema', () => {
  test('waits until every migration of the build is applied and the channel is seeded, and gives up after its time', async () => {
    const handle = await createDb({ migrate: false });
    try {
      const empty = await readSchemaStatus(handle);
      expect(empty).toMatchObject({ applied: 0, seeded: false });
      expect(empty.expected).toBeGreaterThan(20);
      const lines: string[] = [];
      await expect(waitForSchema(handle, { pollMs: 10, timeoutMs: 50, log: (l) => lines.push(l) })).rejects.toThrow(
        `The database has 0 of ${empty.expected} migrations and no sales channel.`,
      );
      expect(lines).toHaveLength(1);

      const waiting = waitForSchema(handle, { pollMs: 20, timeoutMs: 60_000, log: () => undefined });
      await bootstrapDatabase(handle);
      await seedSalesChannel(handle.db, loadBackendConfig({}));
      expect(await waiting).toEqual({ expected: empty.expected, applied: empty.expected, seeded: true });
    } finally {
      await handle.close();
    }
  });
});
