/**
 * A listing reads only the media link it shows per product (product.repository.ts `loadProductMedia(…, 'cover')`);
 * its cover must be the one the product page shows, which reads every link.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { mediaTable, productMediaTable, productTable } from '../../db/schema/index.ts';
import { randomId } from '../../lib/ids.ts';
import { createTestStoreApi, type TestStoreApi } from '../../testing/test-fixtures.ts';

let api: TestStoreApi;

interface ListedProduct {
  productNumber: string;
  cover?: { media?: { fileName?: string } } | null;
}

/** Links a new media file to the product with `productNumber`; resolves to the media id. */
async function link(
  productNumber: string,
  fileName: string,
  mimeType: string | null,
  purpose: string,
  position: number,
): Promise<string> {
  const mediaId = randomId();
  await api.db.insert(mediaTable).values({ id: mediaId, fileName, mimeType });
  const [product] = await api.db
    .select({ id: productTable.id })
    .from(productTable)
    .where(eq(productTable.productNumber, productNumber));
  await api.db.insert(productMediaTable).values({ id: randomId(), productId: product!.id, mediaId, position, purpose });
  return mediaId;
}

async function setCover(productNumber: string, mediaId: string): Promise<void> {
  await api.db.update(productTable).set({ coverMediaId: mediaId }).where(eq(productTable.productNumber, productNumber));
}

const NUMBERS = ['P-1000', 'P-1001', 'P-1002', 'D-2000', 'D-2000-05', 'D-2000-08'];

/** The products of NUMBERS by number, as `POST /product` answers them with `body` (which has no cache in between). */
async function products(body: Record<string, unknown>): Promise<Map<string, ListedProduct>> {
  const res = await api.call('POST', '/product', {
    ...body,
    filter: [{ type: 'equalsAny', field: 'productNumber', value: NUMBERS }],
  });
  expect(res.status).toBe(200);
  const { elements } = (await res.json()) as { elements: ListedProduct[] };
  return new Map(elements.map((p) => [p.productNumber, p]));
}

beforeAll(async () => {
  api = await createTestStoreApi();
  // P-1001: a data sheet first, an image of another purpose, and a photo known only by its upper-case extension.
  await link('P-1001', 'seitenschneider.pdf', 'application/pdf', 'data_sheet', 0);
  await link('P-1001', 'seitenschneider-logo-sheet.png', 'image/png', 'others', 1);
  await link('P-1001', 'seitenschneider.JPG', null, 'normal', 5);
  // P-1002: its cover is the second image, not the first.
  await link('P-1002', 'flachrundzange-1.jpg', 'image/jpeg', 'normal', 1);
  await setCover('P-1002', await link('P-1002', 'flachrundzange-2.jpg', 'image/jpeg', 'detail', 2));
  // D-2000: the parent's cover is its second image; D-2000-05 has no media (inherits), D-2000-08 only a document.
  await link('D-2000', 'bohrer-1.jpg', 'image/jpeg', 'normal', 1);
  await setCover('D-2000', await link('D-2000', 'bohrer-2.jpg', 'image/jpeg', 'normal', 2));
  await link('D-2000-08', 'bohrer-08.pdf', 'application/pdf', 'data_sheet', 1);
});
afterAll(() => api.close());

describe('the cover of a listed product', () => {
  test('is the cover the product page shows, for every rule of the cover', async () => {
    const listed = await products({});
    const detailed = await products({ associations: { media: {} } });
    const covers = (list: Map<string, ListedProduct>) =>
      Object.fromEntries(NUMBERS.map((n) => [n, list.get(n)?.cover?.media?.fileName ?? null]));
    expect(covers(listed)).toEqual(covers(detailed));
    // (`fileName` is Shopware's, without the extension.)
    expect(covers(listed)).toEqual({
      'P-1000': 'kombizange',
      'P-1001': 'seitenschneider',
      'P-1002': 'flachrundzange-2',
      'D-2000': 'bohrer-2',
      'D-2000-05': 'bohrer-2',
      'D-2000-08': null,
    });
  });
});
