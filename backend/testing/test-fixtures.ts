/**
 * A small, fixed catalogue for Store API tests, written through the catalogue writer exactly as an import would:
 * two category branches (tools → pliers, drills; fixings → screws), an empty category, three manufacturers, a
 * variant product with three variants, tiered and per-100 prices, stock and delivery times, images and a PDF data
 * sheet, cross-selling references and one inactive article.
 *
 * `createTestStoreApi()` is the per-file setup: fresh in-memory PGlite, seeded sales channel, this catalogue, the app.
 */
import { createStoreApi, type StoreApi } from '../app.ts';
import { createCatalogWriter } from '../catalog/writer.ts';
import { categoryId, manufacturerId, productId } from '../catalog/writer/ids.ts';
import { gtinCheckDigit } from '../lib/gtin.ts';
import type { CatalogChange, CatalogProduct } from '../catalog/model.ts';
import { loadBackendConfig, type BackendConfig } from '../config.ts';
import { createDb, type Db, type DbHandle } from '../db/client.ts';
import { languageId, ROOT_CATEGORY_IDS, SALES_CHANNEL_ID, seedSalesChannel } from '../db/seed-channel.ts';
import { randomId, stableId } from '../lib/ids.ts';
import { RIGHT_CODES, type RightCode } from '../auth/rights.ts';
import { createCustomerContext } from '../auth/session.ts';
import { companyTable, customerRightTable, customerTable } from '../db/schema/index.ts';

const SOURCE = 'test';

/** Appends the GS1 check digit to 7, 11, 12 or 13 digits. */
function withCheckDigit(digits: string): string {
  return digits + String(gtinCheckDigit(digits));
}

export const EAN_COMBINATION_PLIERS = withCheckDigit('400377301234');

/** Ids of the fixture's entities, by their role in tests. */
export const FIXTURE = {
  categories: {
    tools: categoryId(SOURCE, 'tools'),
    pliers: categoryId(SOURCE, 'pliers'),
    drills: categoryId(SOURCE, 'drills'),
    fixings: categoryId(SOURCE, 'fixings'),
    screws: categoryId(SOURCE, 'screws'),
    empty: categoryId(SOURCE, 'empty'),
  },
  manufacturers: { knipex: manufacturerId('Knipex'), bosch: manufacturerId('Bosch'), wuerth: manufacturerId('Würth') },
  products: {
    combinationPliers: productId('P-1000'),
    sideCutter: productId('P-1001'),
    needleNosePliers: productId('P-1002'),
    drillSet: productId('D-2000'),
    drill5: productId('D-2000-05'),
    drill8: productId('D-2000-08'),
    drill10: productId('D-2000-10'),
    hexBolt: productId('S-3000'),
    inactive: productId('X-9000'),
  },
} as const;

const prop = (group: string, groupName: Record<string, string>, value: string, unit?: string) => ({
  group,
  groupName,
  value: { 'de-DE': value },
  ...(unit ? { unit } : {}),
});
const LENGTH = { 'de-DE': 'Länge', 'en-GB': 'Length', 'fr-FR': 'Longueur', 'nl-NL': 'Lengte' };
const MATERIAL = { 'de-DE': 'Material', 'en-GB': 'Material', 'fr-FR': 'Matériau', 'nl-NL': 'Materiaal' };
const DIAMETER = { 'de-DE': 'Durchmesser', 'en-GB': 'Diameter', 'fr-FR': 'Diamètre', 'nl-NL': 'Diameter' };

const category = (
  externalId: string,
  name: Record<string, string>,
  parentExternalId?: string,
  position = 0,
): CatalogChange => ({
  kind: 'category',
  category: { source: SOURCE, externalId, parentExternalId, name, position },
});

const product = (p: Omit<CatalogProduct, 'source'>): CatalogChange => ({
  kind: 'product',
  mode: 'new',
  product: { source: SOURCE, ...p },
});

/** The fixture catalogue as catalogue changes, in import order. */
function fixtureChanges(): CatalogChange[] {
  return [
    category(
      'tools',
      { 'de-DE': 'Werkzeuge', 'en-GB': 'Tools', 'fr-FR': 'Outils', 'nl-NL': 'Gereedschap' },
      undefined,
      0,
    ),
    category('pliers', { 'de-DE': 'Zangen', 'en-GB': 'Pliers', 'fr-FR': 'Pinces', 'nl-NL': 'Tangen' }, 'tools', 0),
    category('drills', { 'de-DE': 'Bohrer', 'en-GB': 'Drills', 'fr-FR': 'Forets', 'nl-NL': 'Boren' }, 'tools', 1),
    category(
      'fixings',
      { 'de-DE': 'Befestigungstechnik', 'en-GB': 'Fixings', 'fr-FR': 'Fixations', 'nl-NL': 'Bevestiging' },
      undefined,
      1,
    ),
    category('screws', { 'de-DE': 'Schrauben', 'en-GB': 'Screws', 'fr-FR': 'Vis', 'nl-NL': 'Schroeven' }, 'fixings', 0),
    category(
      'empty',
      { 'de-DE': 'Ausverkauft', 'en-GB': 'Sold out', 'fr-FR': 'Épuisé', 'nl-NL': 'Uitverkocht' },
      undefined,
      2,
    ),
    product({
      productNumber: 'P-1000',
      name: {
        'de-DE': 'Kombizange 180 mm',
        'en-GB': 'Combination pliers 180 mm',
        'fr-FR': 'Pince universelle 180 mm',
        'nl-NL': 'Combinatietang 180 mm',
      },
      description: {
        'de-DE': '<p>Kombizange aus Chrom-Vanadium-Stahl.</p>',
        'en-GB': '<p>Combination pliers of chrome vanadium steel.</p>',
      },
      ean: EAN_COMBINATION_PLIERS,
      manufacturerName: 'Knipex',
      manufacturerNumber: '03 02 180',
      categories: [{ source: SOURCE, externalId: 'pliers' }],
      properties: [prop('Länge', LENGTH, '180', 'mm'), prop('Material', MATERIAL, 'Chrom-Vanadium')],
      prices: [
        { priceType: 'net_list', amount: '24.90', currency: 'EUR', lowerBound: 1, tax: '0.21' },
        { priceType: 'net_list', amount: '22.50', currency: 'EUR', lowerBound: 10, tax: '0.21' },
      ],
      media: [
        { source: 'kombizange-detail.jpg', mimeType: 'image/jpeg', purpose: 'detail', position: 2 },
        { source: 'kombizange.jpg', mimeType: 'image/jpeg', purpose: 'normal', position: 1 },
        {
          source: 'kombizange-datenblatt.pdf',
          mimeType: 'application/pdf',
          purpose: 'data_sheet',
          position: 3,
          description: { 'de-DE': 'Datenblatt', 'en-GB': 'Data sheet' },
        },
      ],
      references: [
        { type: 'accessories', productNumber: 'P-1001', position: 1 },
        { type: 'similar', productNumber: 'P-1002', position: 1 },
        { type: 'sparepart', productNumber: 'GONE-1', position: 1 },
      ],
      stock: 120,
      deliveryTimeMin: 1,
      deliveryTimeMax: 2,
      restockTime: 3,
      taxRate: 21,
      minPurchase: 1,
      purchaseSteps: 1,
      maxPurchase: 500,
    }),
    product({
      productNumber: 'P-1001',
      name: { 'de-DE': 'Seitenschneider 160 mm', 'en-GB': 'Diagonal cutter 160 mm' },
      manufacturerName: 'Knipex',
      manufacturerNumber: '70 01 160',
      categories: [{ source: SOURCE, externalId: 'pliers' }],
      properties: [prop('Länge', LENGTH, '160', 'mm'), prop('Material', MATERIAL, 'Chrom-Vanadium')],
      prices: [{ priceType: 'net_list', amount: '19.90', currency: 'EUR' }],
      stock: 0,
      deliveryTimeMin: 2,
      deliveryTimeMax: 4,
      restockTime: 5,
      taxRate: 21,
    }),
    product({
      productNumber: 'P-1002',
      name: { 'de-DE': 'Flachrundzange 200 mm', 'en-GB': 'Needle nose pliers 200 mm' },
      manufacturerName: 'Knipex',
      categories: [{ source: SOURCE, externalId: 'pliers' }],
      properties: [prop('Länge', LENGTH, '200', 'mm')],
      prices: [{ priceType: 'net_list', amount: '29.00', currency: 'EUR' }],
      stock: 5,
      taxRate: 21,
    }),
    product({
      productNumber: 'D-2000',
      name: {
        'de-DE': 'Holzspiralbohrer',
        'en-GB': 'Wood twist drill',
        'fr-FR': 'Foret à bois',
        'nl-NL': 'Houtspiraalboor',
      },
      manufacturerName: 'Bosch',
      categories: [{ source: SOURCE, externalId: 'drills' }],
      prices: [{ priceType: 'net_list', amount: '4.20', currency: 'EUR' }],
      stock: 0,
      taxRate: 21,
    }),
    ...['05', '08', '10'].map((d, i) =>
      product({
        productNumber: `D-2000-${d}`,
        parentProductNumber: 'D-2000',
        name: { 'de-DE': `Holzspiralbohrer ${Number(d)} mm`, 'en-GB': `Wood twist drill ${Number(d)} mm` },
        manufacturerName: 'Bosch',
        manufacturerNumber: `2608596${d}`,
        options: [
          { group: 'Durchmesser', groupName: DIAMETER, value: { 'de-DE': String(Number(d)) }, unit: 'mm', position: i },
        ],
        prices: [{ priceType: 'net_list', amount: (4.2 + i).toFixed(2), currency: 'EUR' }],
        stock: i * 10,
        taxRate: 21,
      }),
    ),
    product({
      productNumber: 'S-3000',
      name: { 'de-DE': 'Sechskantschraube M8x20 verzinkt', 'en-GB': 'Hexagon bolt M8x20 zinc plated' },
      manufacturerName: 'Würth',
      manufacturerNumber: 'WU-0057-820',
      categories: [{ source: SOURCE, externalId: 'screws' }],
      properties: [prop('Länge', LENGTH, '20', 'mm'), prop('Material', MATERIAL, 'Stahl verzinkt')],
      prices: [{ priceType: 'net_list', amount: '1.40', priceQuantity: '100', currency: 'EUR' }],
      stock: 50000,
      minPurchase: 100,
      purchaseSteps: 100,
      taxRate: 21,
    }),
    product({
      productNumber: 'X-9000',
      name: { 'de-DE': 'Alte Kombizange' },
      manufacturerName: 'Knipex',
      categories: [{ source: SOURCE, externalId: 'screws' }],
      active: false,
    }),
  ];
}

/** Writes the fixture catalogue into a seeded database. */
export async function seedFixtureCatalog(db: Db): Promise<void> {
  const writer = createCatalogWriter(db);
  for (const change of fixtureChanges()) await writer.write(change);
  await writer.finalize();
}

/**
 * Logs a customer in for tests of what only logged-in buyers see: creates (once) the test company "Testfirma" and
 * a customer with the given id, active, with `rights` enabled (default: every right), then opens a real customer
 * context for it (`createCustomerContext`).
 *
 * @returns the new context token (32 hex characters).
 */
export async function createLoggedInContext(
  db: Db,
  customerId = randomId(),
  options: { rights?: readonly RightCode[]; companyId?: string } = {},
): Promise<string> {
  const companyId = options.companyId ?? stableId('test-company', 'testfirma');
  await db
    .insert(companyTable)
    .values({ id: companyId, companyNumber: `T-${companyId.slice(0, 8)}`, name: 'Testfirma', countryCode: 'BE' })
    .onConflictDoNothing();
  const inserted = await db
    .insert(customerTable)
    .values({
      id: customerId,
      companyId,
      username: `test-${customerId}`,
      email: `test-${customerId}@example.com`,
      firstName: 'Test',
      lastName: 'Kunde',
      active: true,
    })
    .onConflictDoNothing()
    .returning({ id: customerTable.id });
  if (inserted.length) {
    const enabled = new Set<string>(options.rights ?? RIGHT_CODES);
    await db
      .insert(customerRightTable)
      .values(RIGHT_CODES.map((code) => ({ customerId, code, enabled: enabled.has(code) })))
      .onConflictDoNothing();
  }
  return createCustomerContext(db, { salesChannelId: SALES_CHANNEL_ID, customerId });
}

export interface TestStoreApi {
  /** The Store API app itself, e.g. to serve it as the standalone backend does (backend/http/standalone.ts). */
  app: StoreApi['app'];
  handle: DbHandle;
  db: Db;
  config: BackendConfig;
  /** POST (or GET without body) to `/store-api{path}` with the access key; extra headers merged in. */
  call(method: 'GET' | 'POST', path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

/** Fresh in-memory database, seeded channel and fixture catalogue, and the Store API over it. */
export async function createTestStoreApi(): Promise<TestStoreApi> {
  const handle = await createDb();
  const config = loadBackendConfig({});
  await seedSalesChannel(handle.db, config);
  await seedFixtureCatalog(handle.db);
  const { app } = createStoreApi({ db: handle.db, config });
  return {
    app,
    handle,
    db: handle.db,
    config,
    async call(method, path, body, headers = {}) {
      return app.request(`/store-api${path}`, {
        method,
        headers: { 'sw-access-key': config.accessKey, 'content-type': 'application/json', ...headers },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    },
    close: () => handle.close(),
  };
}

export { languageId, ROOT_CATEGORY_IDS };
