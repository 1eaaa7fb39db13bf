import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBackendConfig } from '../config.ts';
import { createDb, type DbHandle } from '../db/client.ts';
import { contextTable } from '../db/schema/index.ts';
import { SALES_CHANNEL_ID, seedSalesChannel } from '../db/seed-channel.ts';
import { hashPassword, verifyPassword, DUMMY_HASH } from './password.ts';
import { createCustomerContext, deleteContext, deleteCustomerContexts, readContextPayload } from './session.ts';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, loadBackendConfig({}));
});
afterAll(() => handle.close());

describe('session helpers', () => {
  it('creates distinct 128-bit tokens bound to the customer', async () => {
    const a = await createCustomerContext(handle.db, { salesChannelId: SALES_CHANNEL_ID, customerId: 'c'.repeat(32) });
    const b = await createCustomerContext(handle.db, {
      salesChannelId: SALES_CHANNEL_ID,
      customerId: 'c'.repeat(32),
      payload: { impersonatorId: 'd'.repeat(32) },
    });
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
    const [row] = await handle.db.select().from(contextTable).where(eq(contextTable.token, a));
    expect(row?.customerId).toBe('c'.repeat(32));
    expect(await readContextPayload(handle.db, b)).toEqual({ impersonatorId: 'd'.repeat(32) });
  });

  it('deletes one context, or all of a customer except one', async () => {
    const customerId = 'e'.repeat(32);
    const tokens = await Promise.all(
      [0, 1, 2].map(() => createCustomerContext(handle.db, { salesChannelId: SALES_CHANNEL_ID, customerId })),
    );
    await deleteContext(handle.db, tokens[0]!);
    expect(await readContextPayload(handle.db, tokens[0]!)).toBeNull();
    expect(await deleteCustomerContexts(handle.db, customerId, tokens[1])).toBe(1);
    expect(await readContextPayload(handle.db, tokens[1]!)).not.toBeNull();
    expect(await readContextPayload(handle.db, tokens[2]!)).toBeNull();
    expect(await deleteCustomerContexts(handle.db, customerId)).toBe(1);
  });
});

describe('password hashing', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const stored = await hashPassword('Werkbank!2026');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Werkbank!2026')).toBe(true);
    expect(await verifyPassword(stored, 'werkbank!2026')).toBe(false);
  });

  it('never accepts a password against a missing hash or the dummy hash', async () => {
    expect(await verifyPassword(null, '')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
    expect(await verifyPassword(DUMMY_HASH, 'Werkbank!2026')).toBe(false);
  });
});
