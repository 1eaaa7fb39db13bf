/**
 * The world the ERP route tests share: a fresh PGlite database with the sales channel and checkout settings and the
 * real Store API (`createStoreApi`) on its default, simulated ERP, whose clock the tests move (`erp.advance`). Two companies: A with a lead buyer (every right, so the company's history),
 * a buyer (every right but ROLE_MANAGE_COMPANY_ORDER_HISTORY: only their own) and a clerk without rights; B with an
 * outsider holding every right. Orders enter through the real checkout, which hands them to the ERP itself; the ERP
 * hand-over jobs a request sends (the retry) run right after it, as a worker would run them (./job-test-support.ts).
 */
import { loadBackendConfig, type BackendConfig } from '../config.ts';
import { RIGHT_CODES } from '../auth/rights.ts';
import { createDb, type Db, type DbHandle } from '../db/client.ts';
import { seedSalesChannel } from '../db/seed-channel.ts';
import type { ErpSimulation } from '../erp/simulated/index.ts';
import { createStoreApi } from '../app.ts';
import { insertCompany, insertCustomer, type TestCustomer } from './company-test-support.ts';
import { fillCart, insertAddress, insertArticle, seedCheckoutSettings } from './order-test-support.ts';
import { recordJobs } from './job-test-support.ts';

/** A parsed answer: status, headers and the JSON body (or the bytes of a file). */
export interface Answer {
  status: number;
  headers: Headers;
  json: Record<string, unknown> & {
    errors?: {
      code: string;
      status: string;
      source?: { pointer: string };
      meta?: { parameters?: Record<string, unknown> };
    }[];
  };
  bytes: Uint8Array;
}

export interface ErpWorld {
  handle: DbHandle;
  db: Db;
  config: BackendConfig;
  app: ReturnType<typeof createStoreApi>['app'];
  /** The app's simulated ERP, for its clock. */
  erp: ErpSimulation;
  lead: TestCustomer;
  buyer: TestCustomer;
  clerk: TestCustomer;
  outsider: TestCustomer;
  /** An article at 12.50 EUR net per piece. */
  article: { id: string; productNumber: string };
  /** An article at 3.20 EUR net per piece. */
  other: { id: string; productNumber: string };
  /** `/store-api/{provider}{path}` with the access key, the customer's token and a JSON body. */
  call(method: string, path: string, token?: string, body?: unknown): Promise<Answer>;
  /** `/store-api{path}` (Shopware's own routes) likewise. */
  store(method: string, path: string, token?: string, body?: unknown): Promise<Answer>;
  /** Fills the customer's cart with the lines and places the order through the checkout; answers its shop number. */
  place(
    customer: TestCustomer,
    lines: { productId: string; quantity: number }[],
    orderReference?: string,
  ): Promise<string>;
  close(): Promise<void>;
}

/** Builds the world (module comment). */
export async function createErpWorld(): Promise<ErpWorld> {
  const handle = await createDb();
  const config = loadBackendConfig({});
  await seedSalesChannel(handle.db, config);
  await seedCheckoutSettings(handle.db);
  const jobs = recordJobs(handle.db);
  const { app, erpSimulation: erp } = createStoreApi({ db: handle.db, config, jobs });
  if (!erp) throw new Error('the embedded Store API runs on the simulated ERP');
  const companyA = (await insertCompany(handle.db, { name: 'Peeters Bouw' })).id;
  const companyB = (await insertCompany(handle.db, { name: 'Huber Metallbau' })).id;
  await insertAddress(handle.db, companyA, { isMain: true });
  await insertAddress(handle.db, companyB, { isMain: true });
  const lead = await insertCustomer(handle.db, companyA, { leadBuyer: true });
  const buyer = await insertCustomer(handle.db, companyA, {
    rights: RIGHT_CODES.filter((r) => r !== 'ROLE_MANAGE_COMPANY_ORDER_HISTORY'),
  });
  const clerk = await insertCustomer(handle.db, companyA, { rights: ['ROLE_VIEW_PRICES'] });
  const outsider = await insertCustomer(handle.db, companyB, { leadBuyer: true });
  const article = await insertArticle(handle.db, { price: '12.50', stock: 1000, name: 'Hex bolt M8' });
  const other = await insertArticle(handle.db, { price: '3.20', stock: 1000, name: 'Washer M8' });

  async function send(url: string, method: string, token?: string, body?: unknown): Promise<Answer> {
    const res = await app.request(url, {
      method,
      headers: {
        'sw-access-key': config.accessKey,
        'content-type': 'application/json',
        ...(token ? { 'sw-context-token': token } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    await jobs.runHandovers(erp!);
    const type = res.headers.get('content-type') ?? '';
    const json = type.includes('json') && bytes.length ? JSON.parse(new TextDecoder().decode(bytes)) : {};
    return { status: res.status, headers: res.headers, json, bytes };
  }

  return {
    handle,
    db: handle.db,
    config,
    app,
    erp,
    lead,
    buyer,
    clerk,
    outsider,
    article,
    other,
    call: (method, path, token, body) => send(`/store-api/${config.provider}${path}`, method, token, body),
    store: (method, path, token, body) => send(`/store-api${path}`, method, token, body),
    async place(customer, lines, orderReference) {
      await fillCart(handle.db, customer.id, lines);
      const placed = await send('/store-api/checkout/order', 'POST', customer.token, {
        ...(orderReference ? { orderReference } : {}),
      });
      if (placed.status !== 200) throw new Error(`order not placed: ${JSON.stringify(placed.json)}`);
      return placed.json.orderNumber as string;
    },
    close: () => handle.close(),
  };
}
