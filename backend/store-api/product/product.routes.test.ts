import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createLoggedInContext,
  createTestStoreApi,
  EAN_COMBINATION_PLIERS,
  FIXTURE,
  languageId,
  type TestStoreApi,
} from '../../testing/test-fixtures.ts';

let api: TestStoreApi;
let buyer: Record<string, string>;
const de = { 'sw-language-id': languageId('de-DE') };
const fr = { 'sw-language-id': languageId('fr-FR') };

beforeAll(async () => {
  api = await createTestStoreApi();
  buyer = { ...de, 'sw-context-token': await createLoggedInContext(api.db) };
});
afterAll(() => api.close());

type Json = Record<string, unknown>;
interface Detail {
  product: Record<string, unknown> & {
    media: { position: number; media: { fileName: string } }[];
    properties: { name: string; group: { name: string } }[];
    extensions: { downloads: { title: string; media: { fileExtension: string } }[] };
    children?: { productNumber: string; options: { name: string }[] }[];
  };
  configurator: { name: string; options: { name: string }[] }[];
}

async function detail(id: string, headers: Record<string, string> = de): Promise<Detail> {
  const res = await api.call('POST', `/product/${id}`, {}, headers);
  expect(res.status).toBe(200);
  return (await res.json()) as Detail;
}

describe('POST /product/{productId}', () => {
  test('returns the product in the context language with manufacturer, properties and SEO URL', async () => {
    const { product } = await detail(FIXTURE.products.combinationPliers);
    expect(product).toMatchObject({
      productNumber: 'P-1000',
      name: 'Kombizange 180 mm',
      translated: { name: 'Kombizange 180 mm', description: '<p>Kombizange aus Chrom-Vanadium-Stahl.</p>' },
      manufacturer: { name: 'Knipex' },
      manufacturerNumber: '03 02 180',
      minPurchase: 1,
      maxPurchase: 500,
      purchaseSteps: 1,
      restockTime: 3,
      deliveryTime: { min: 1, max: 2, unit: 'day', name: '1-2 Tage' },
      seoUrls: [{ seoPathInfo: 'Kombizange-180-mm/P-1000', routeName: 'frontend.detail.page' }],
      seoCategory: { name: 'Zangen' },
    });
    expect(product.properties.map((p) => `${p.group.name}: ${p.name}`)).toEqual([
      'Länge: 180 mm',
      'Material: Chrom-Vanadium',
    ]);
  });

  test('falls back to English, then German, for texts missing in the context language', async () => {
    const { product } = await detail(FIXTURE.products.sideCutter, fr);
    expect(product.name).toBe('Diagonal cutter 160 mm');
  });

  test('puts images in the gallery by position and documents under extensions.downloads', async () => {
    const { product } = await detail(FIXTURE.products.combinationPliers);
    expect(product.media.map((m) => m.media.fileName)).toEqual(['kombizange', 'kombizange-detail']);
    expect(product.cover).toMatchObject({ media: { fileName: 'kombizange' } });
    expect(product.extensions.downloads).toMatchObject([{ title: 'Datenblatt', media: { fileExtension: 'pdf' } }]);
  });

  test('shows anonymous callers availability but no stock figures or prices', async () => {
    const { product } = await detail(FIXTURE.products.sideCutter);
    expect(product).toMatchObject({ available: true, hasStock: false, restockTime: 5 });
    for (const key of ['stock', 'availableStock', 'calculatedPrice', 'calculatedPrices'])
      expect(product).not.toHaveProperty(key);
  });

  test('shows a logged-in buyer stock and tiered net prices', async () => {
    const { product } = await detail(FIXTURE.products.combinationPliers, buyer);
    expect(product).toMatchObject({
      stock: 120,
      availableStock: 120,
      calculatedPrice: { unitPrice: 24.9, calculatedTaxes: [{ tax: 5.23, taxRate: 21 }] },
    });
    expect(
      (product.calculatedPrices as { quantity: number; unitPrice: number }[]).map((p) => [p.quantity, p.unitPrice]),
    ).toEqual([
      [9, 24.9],
      [10, 22.5],
    ]);
  });

  test('prices per 100 pieces as a unit price per piece, with purchase steps', async () => {
    const { product } = await detail(FIXTURE.products.hexBolt, buyer);
    expect(product).toMatchObject({ minPurchase: 100, purchaseSteps: 100, calculatedPrice: { unitPrice: 0.014 } });
  });

  test('lists the variants of a parent and a configurator of their options', async () => {
    const { product, configurator } = await detail(FIXTURE.products.drillSet);
    expect(product.childCount).toBe(3);
    expect(product.children!.map((c) => [c.productNumber, c.options.map((o) => o.name).join()])).toEqual([
      ['D-2000-05', '5 mm'],
      ['D-2000-08', '8 mm'],
      ['D-2000-10', '10 mm'],
    ]);
    expect(configurator.map((g) => [g.name, g.options.map((o) => o.name)])).toEqual([
      ['Durchmesser', ['5 mm', '8 mm', '10 mm']],
    ]);
  });

  test('gives a variant its parent’s manufacturer and category, its own options and the family configurator', async () => {
    const { product, configurator } = await detail(FIXTURE.products.drill8);
    expect(product).toMatchObject({
      parentId: FIXTURE.products.drillSet,
      manufacturer: { name: 'Bosch' },
      seoCategory: { name: 'Bohrer' },
    });
    expect((product.options as unknown as { name: string }[]).map((o) => o.name)).toEqual(['8 mm']);
    expect(configurator[0]!.options).toHaveLength(3);
  });

  test('answers 404 for unknown and inactive products', async () => {
    for (const id of ['0123456789abcdef0123456789abcdef', FIXTURE.products.inactive, 'not-an-id']) {
      const res = await api.call('POST', `/product/${id}`, {});
      expect(res.status).toBe(404);
      expect(((await res.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('CONTENT__PRODUCT_NOT_FOUND');
    }
  });
});

describe('POST /product/{productId}/cross-selling', () => {
  test('groups references by type, named in the language, leaving out unknown targets', async () => {
    const res = await api.call('POST', `/product/${FIXTURE.products.combinationPliers}/cross-selling`, {}, de);
    const body = (await res.json()) as {
      crossSelling: { name: string };
      products: { productNumber: string }[];
      total: number;
    }[];
    expect(body.map((e) => [e.crossSelling.name, e.products.map((p) => p.productNumber), e.total])).toEqual([
      ['Zubehör', ['P-1001'], 1],
      ['Ähnliche Artikel', ['P-1002'], 1],
    ]);
  });

  test('is empty for a product without references', async () => {
    expect(await (await api.call('POST', `/product/${FIXTURE.products.hexBolt}/cross-selling`, {})).json()).toEqual([]);
  });

  test('shows a variant without references of its own its parent’s, and answers 404 for an inactive product', async () => {
    await api.db.execute(sql`
      INSERT INTO product_reference (id, product_id, type, target_product_number, target_product_id, position)
      VALUES ('ref-drill-set-1', ${FIXTURE.products.drillSet}, 'accessories', 'P-1002', ${FIXTURE.products.needleNosePliers}, 1)`);
    try {
      const res = await api.call('POST', `/product/${FIXTURE.products.drill8}/cross-selling`, {}, de);
      const body = (await res.json()) as { crossSelling: { name: string }; products: { productNumber: string }[] }[];
      expect(body.map((e) => [e.crossSelling.name, e.products.map((p) => p.productNumber)])).toEqual([
        ['Zubehör', ['P-1002']],
      ]);
    } finally {
      await api.db.execute(sql`DELETE FROM product_reference WHERE id = 'ref-drill-set-1'`);
    }
    const inactive = await api.call('POST', `/product/${FIXTURE.products.inactive}/cross-selling`, {});
    expect(inactive.status).toBe(404);
  });
});

describe('other product endpoints', () => {
  test('POST /{provider}/variants counts the active variants of each parent', async () => {
    const res = await api.call('POST', `/${api.config.provider}/variants`, {
      ids: [FIXTURE.products.drillSet, FIXTURE.products.hexBolt],
    });
    const body = (await res.json()) as { elements: { id: string; childCount: number }[] };
    expect(body.elements.map((e) => [e.id, e.childCount]).sort()).toEqual(
      [
        [FIXTURE.products.drillSet, 3],
        [FIXTURE.products.hexBolt, 0],
      ].sort(),
    );
  });

  test('POST /product-manufacturer lists manufacturers by criteria', async () => {
    const all = (await (await api.call('POST', '/product-manufacturer', {})).json()) as {
      total: number;
      elements: { name: string }[];
    };
    expect(all.elements.map((m) => m.name)).toEqual(['Bosch', 'Knipex', 'Würth']);
    const one = (await (
      await api.call('POST', '/product-manufacturer', { ids: [FIXTURE.manufacturers.wuerth] })
    ).json()) as Json;
    expect(one).toMatchObject({ total: 1, elements: [{ name: 'Würth' }] });
  });

  test('POST /product finds products by ids and filters', async () => {
    const body = (await (
      await api.call('POST', '/product', {
        filter: [{ type: 'equals', field: 'manufacturerId', value: FIXTURE.manufacturers.bosch }],
        limit: 2,
      })
    ).json()) as { total: number; elements: { productNumber: string }[] };
    expect(body.total).toBe(4);
    expect(body.elements.map((p) => p.productNumber)).toEqual(['D-2000', 'D-2000-05']);
  });

  test('POST /product finds products by article number or EAN in one filter, as the quick order looks them up', async () => {
    const values = `D-2000-05|${EAN_COMBINATION_PLIERS}|X-UNKNOWN`;
    const res = await api.call(
      'POST',
      '/product',
      {
        filter: [
          {
            type: 'multi',
            operator: 'or',
            queries: [
              { type: 'equalsAny', field: 'productNumber', value: values },
              { type: 'equalsAny', field: 'ean', value: values },
            ],
          },
        ],
        includes: {
          product: ['id', 'productNumber', 'ean', 'minPurchase', 'maxPurchase', 'purchaseSteps', 'available'],
        },
      },
      buyer,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { elements: Json[] };
    expect(body.elements.map((p) => [p.productNumber, p.ean])).toEqual([
      ['D-2000-05', undefined],
      ['P-1000', EAN_COMBINATION_PLIERS],
    ]);
    expect(Object.keys(body.elements[1]!).sort()).toEqual(
      ['apiAlias', 'available', 'ean', 'id', 'maxPurchase', 'minPurchase', 'productNumber', 'purchaseSteps'].sort(),
    );
  });
});
