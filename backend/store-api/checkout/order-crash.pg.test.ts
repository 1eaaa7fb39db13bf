/**
 * A backend killed between committing an order and answering it, on PostgreSQL: the Store API runs as its own process
 * (`tsx backend/main.ts`, as `npm run backend` starts it) with `WERKBANK_FAULT_EXIT_AFTER_ORDER_COMMIT=1`, so it exits
 * right after the order's commit; the client sees the connection fail, the backend is started again without the
 * fault, and the client's retry with the same Idempotency-Key answers the one order that was committed. The jobs the
 * order's transaction wrote run in the new process: the order reaches the ERP once, and the confirmation reaches the
 * SMTP server once, with the Message-ID of its outbox row. Needs the PostgreSQL server of the project's machines
 * (127.0.0.1:5432, user postgres, trust; `WERKBANK_TEST_PG_URL` points elsewhere); a throwaway database is created and
 * dropped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadBackendConfig } from '../../config.ts';
import type { DbHandle } from '../../db/client.ts';
import { createPgTestDatabase, type PgTestDatabase } from '../../testing/pg-test-database.ts';
import { cartLineItemTable, erpOrderTable, mailOutboxTable, orderTable, productTable } from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { insertCompany, insertCustomer } from '../../testing/company-test-support.ts';
import { fillCart, insertAddress, insertArticle, seedCheckoutSettings } from '../../testing/order-test-support.ts';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink.ts';
import { FAULT_EXIT_AFTER_ORDER_COMMIT } from './order.routes.ts';
import { until } from '../../testing/until.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TSX = fileURLToPath(new URL('../../../node_modules/tsx/dist/cli.mjs', import.meta.url));
const config = loadBackendConfig({});
let database: PgTestDatabase | undefined;
let handle: DbHandle;
/** The variables naming the test database for the backend's process. */
let databaseEnv: Record<string, string>;
let backend: ChildProcess | undefined;
let smtp: SmtpSink | undefined;

/** A TCP port that is free right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the standalone Store API on `port` over the test database and waits until it answers. */
async function startBackend(port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [TSX, 'backend/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...databaseEnv,
      BACKEND_PORT: String(port),
      HOST: '127.0.0.1',
      STORE_API_ACCESS_KEY: config.accessKey,
      WERKBANK_DEMO_CUSTOMERS: '0',
      WERKBANK_ROLE: 'all',
      SMTP_URL: `smtp://127.0.0.1:${smtp!.port}`,
      MAIL_FROM: 'Werkbank <shop@werkbank.test>',
      [FAULT_EXIT_AFTER_ORDER_COMMIT]: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the backend exited while starting:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/store-api/context`, {
        headers: { 'sw-access-key': config.accessKey },
      });
      if (res.status === 200) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the backend did not answer within 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  database = await createPgTestDatabase();
  handle = database.handle;
  databaseEnv = database.env;
  await seedSalesChannel(handle.db, config);
  await seedCheckoutSettings(handle.db);
}, 60_000);
afterAll(async () => {
  if (backend && backend.exitCode === null) {
    backend.kill('SIGTERM');
    await exited(backend);
  }
  await database?.drop();
  await smtp?.close();
});

describe('a backend killed after the commit, before the answer', () => {
  test('the retry with the same key answers the one committed order; its hand-over and mail run once', async () => {
    const companyId = (await insertCompany(handle.db)).id;
    await insertAddress(handle.db, companyId, { isMain: true });
    const customer = await insertCustomer(handle.db, companyId);
    const article = await insertArticle(handle.db, { stock: 10 });
    await fillCart(handle.db, customer.id, [{ productId: article.id, quantity: 4 }]);
    const submit = (port: number) =>
      fetch(`http://127.0.0.1:${port}/store-api/checkout/order`, {
        method: 'POST',
        headers: {
          'sw-access-key': config.accessKey,
          'sw-context-token': customer.token,
          'content-type': 'application/json',
          'idempotency-key': 'checkout-attempt-1',
        },
        body: JSON.stringify({ orderReference: 'CRASH-1' }),
      });

    const port = await freePort();
    backend = await startBackend(port, { [FAULT_EXIT_AFTER_ORDER_COMMIT]: '1' });
    await expect(submit(port)).rejects.toThrow();
    expect(await exited(backend)).not.toBe(0);
    const committed = await handle.db.select().from(orderTable).where(eq(orderTable.customerId, customer.id));
    expect(committed).toHaveLength(1);

    backend = await startBackend(port);
    const retry = await submit(port);
    expect(retry.status).toBe(200);
    const body = (await retry.json()) as { orderNumber: string; customFields: { orderReference: string } };
    expect(body.orderNumber).toBe(committed[0]!.orderNumber);
    expect(body.customFields.orderReference).toBe('CRASH-1');

    expect(await handle.db.select().from(orderTable).where(eq(orderTable.customerId, customer.id))).toHaveLength(1);
    expect(
      await handle.db.select().from(cartLineItemTable).where(eq(cartLineItemTable.customerId, customer.id)),
    ).toEqual([]);
    const [product] = await handle.db.select().from(productTable).where(eq(productTable.id, article.id));
    expect(product!.availableStock).toBe(6);

    // The jobs committed with the order run in the new process: one hand-over, one confirmation mail.
    const orderId = committed[0]!.id;
    const [mail] = await handle.db
      .select({ id: mailOutboxTable.id })
      .from(mailOutboxTable)
      .where(eq(mailOutboxTable.template, 'order-confirmation'));
    expect(mail).toBeDefined();
    await until(async () => {
      const [order] = await handle.db.select().from(orderTable).where(eq(orderTable.id, orderId));
      const [row] = await handle.db.select().from(mailOutboxTable).where(eq(mailOutboxTable.id, mail!.id));
      return order?.erpHandedOverAt != null && row?.sentAt != null;
    }, 60_000);
    await new Promise((r) => setTimeout(r, 3000));
    expect(await handle.db.select().from(erpOrderTable).where(eq(erpOrderTable.shopOrderId, orderId))).toHaveLength(1);
    const confirmations = smtp!.mails.filter((m) => m.messageId === `<${mail!.id}@werkbank.test>`);
    expect(confirmations).toHaveLength(1);
    expect(smtp!.mails).toHaveLength(1);
  }, 240_000);
});
