import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { detectCatalogFormat, importCatalogDirectory, importCatalogFile } from './import.ts';
import type { CatalogChange, CatalogProduct, ImportReport } from './model.ts';

const SHARED = path.resolve(process.cwd(), '../shared/catalog');
const TABULAR = path.join(SHARED, 'tabular');
const GUENZBURGER = path.join(TABULAR, 'guenzburger_steigtechnik_2424_articles.csv');
const FIXINGS = path.join(TABULAR, 'fixings_storeserver_1897_articles.csv');

beforeAll(() => {
  if (!existsSync(TABULAR))
    throw new Error(`shared catalogue data missing: expected ${TABULAR} (../shared/catalog from the project root)`);
});

async function run(
  file: string,
): Promise<{ report: ImportReport; changes: CatalogChange[]; products: CatalogProduct[] }> {
  const changes: CatalogChange[] = [];
  const report = await importCatalogFile(
    file,
    { write: async (c) => void changes.push(c) },
    { now: new Date('2024-01-01T00:00:00Z') },
  );
  return { report, changes, products: changes.flatMap((c) => (c.kind === 'product' ? [c.product] : [])) };
}

describe('Günzburger Steigtechnik sheet', () => {
  let result: Awaited<ReturnType<typeof run>>;
  beforeAll(async () => {
    result = await run(GUENZBURGER);
  });

  test('imports all 2,424 ladders into a derived two-level tree with English labels', () => {
    expect(result.report).toMatchObject({ format: 'tabular:guenzburger', products: 2424, skipped: [] });
    const categories = result.changes.flatMap((c) => (c.kind === 'category' ? [c.category] : []));
    const top = categories.filter((c) => !c.parentExternalId);
    expect(top.map((c) => c.name['de-DE'])).toEqual(
      expect.arrayContaining(['Leitern', 'Treppen & Podeste', 'Gerüste', 'Zubehör & Ersatzteile']),
    );
    expect(categories.every((c) => c.name['en-GB'])).toBe(true);
    const ids = new Set(categories.map((c) => c.externalId));
    expect(result.products.every((p) => p.categories?.length === 1 && ids.has(p.categories[0]?.externalId ?? ''))).toBe(
      true,
    );
    const stehleiter = result.products.find((p) => p.name['de-DE']?.startsWith('Aluminium-Stehleiter'));
    expect(stehleiter?.categories?.[0]?.externalId).toBe('leitern/stehleitern');
  });

  test('maps the sales price VK_ohne_MwSt to net_list, delivery days, C62 and the 2,012 PDF downloads', () => {
    const first = result.products.find((p) => p.productNumber === '19690');
    expect(first).toMatchObject({
      unit: 'C62',
      minPurchase: 1,
      purchaseSteps: 1,
      deliveryTimeMin: 3,
      deliveryTimeUnit: 'day',
      taxRate: 19,
      manufacturerName: 'Günzburger Steigtechnik GmbH',
      properties: [expect.objectContaining({ group: 'Holmabmessungen', value: { 'de-DE': '58x25' } })],
    });
    expect(first?.prices).toEqual([
      expect.objectContaining({
        priceType: 'net_list',
        amount: '7',
        currency: 'EUR',
        tax: '0.19',
        validFrom: new Date('2018-01-01T00:00:00Z'),
      }),
    ]);
    const media = result.products.flatMap((p) => p.media ?? []);
    // 2,012 typed application/pdf plus 35 typed "PDF" in the sheet.
    expect(media.filter((m) => m.mimeType === 'application/pdf' && m.purpose === 'others')).toHaveLength(2047);
    expect(media.filter((m) => m.purpose === 'thumbnail').length).toBeGreaterThan(8000);
  });

  test('keeps the 7 EANs with bad check digits and warns; skips prices of 0', () => {
    const eanWarnings = result.report.warnings.filter((w) => w.message.startsWith('EAN'));
    expect(eanWarnings.map((w) => w.message.split(':')[0])).toEqual([
      'EAN 403140519694',
      'EAN 4031405100224',
      'EAN 4031405303622',
      'EAN 4031405524344',
      'EAN 4031405938125',
      'EAN 4031406944077',
      'EAN 4031405642747',
    ]);
    expect(result.products.find((p) => p.productNumber === '19696')?.ean).toBe('403140519694');
    expect(result.products.find((p) => p.productNumber === '62980')?.prices).toBeUndefined();
  });
});

describe('fixings sheet', () => {
  let result: Awaited<ReturnType<typeof run>>;
  beforeAll(async () => {
    result = await run(FIXINGS);
  });

  test('imports all 1,897 articles with per-piece prices to every decimal and minimum = step', () => {
    expect(result.report).toMatchObject({ format: 'tabular:fixings', products: 1897, skipped: [] });
    const screw = result.products.find((p) => p.productNumber === '9F3525SSF');
    expect(screw).toMatchObject({ unit: 'C62', minPurchase: 1000, purchaseSteps: 1000 });
    expect(screw?.prices).toEqual([
      expect.objectContaining({ amount: '0.014', currency: 'EUR', priceType: 'net_list' }),
    ]);
    expect(result.products.every((p) => p.minPurchase === p.purchaseSteps)).toBe(true);
  });

  test('reads value|unit features into logistics data and bullet descriptions into lists', () => {
    const tab = result.products.find((p) => p.productNumber === '5NOMT20');
    expect(tab?.customFields).toMatchObject({
      customsTariffNumber: '39199080',
      packagingWidth: '8 cm',
      grossWeight: '0.00312 kg',
    });
    expect(tab?.description?.['de-DE']).toMatch(/^<ul><li>In 14 verschiedenen Farben/);
  });

  test('derives categories from the product type in the name, with ETIM labels where they exist', () => {
    const categories = result.changes.flatMap((c) => (c.kind === 'category' ? [c.category] : []));
    const nageldübel = categories.find((c) => c.externalId === 'duebel/nageldübel' || c.name['de-DE'] === 'Nageldübel');
    expect(nageldübel?.name).toMatchObject({ 'de-DE': 'Nageldübel', 'en-GB': 'Hammerfix', 'nl-NL': 'Spijkerplug' });
    const chipboard = result.products.filter((p) => p.name['de-DE']?.startsWith('Spanplattenschraube'));
    expect(new Set(chipboard.map((p) => p.categories?.[0]?.externalId))).toEqual(
      new Set(['schrauben/spanplattenschraube']),
    );
  });
});

describe('format detection and directory import', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'catalog-import-test-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('detects BMEcat by root element and the sheets by header', async () => {
    expect(
      await detectCatalogFormat(
        path.join(SHARED, 'bmecat/kstools_1.2/kstools_1.2_category_tree_1660_groups_1_article.xml'),
      ),
    ).toEqual({ kind: 'bmecat' });
    expect(await detectCatalogFormat(GUENZBURGER)).toEqual({ kind: 'tabular:guenzburger' });
    expect(await detectCatalogFormat(FIXINGS)).toEqual({ kind: 'tabular:fixings' });
    const other = path.join(dir, 'other.xml');
    await writeFile(other, '<?xml version="1.0"?><!-- x --><Catalog/>');
    expect(await detectCatalogFormat(other)).toMatchObject({ kind: 'unsupported' });
  });

  test('names the source after the supplier file', async () => {
    const ks = await run(path.join(SHARED, 'bmecat/kstools_1.2/kstools_1.2_category_tree_1660_groups_1_article.xml'));
    expect(ks.products[0]?.source).toBe('bmecat:kstools');
    const wei = await run(path.join(SHARED, 'bmecat/weidmueller_2005_eclass9/WEI_BMECat_1609801044.xml'));
    expect(wei.products[0]?.source).toBe('bmecat:weidmueller');
  });

  test('a sheet refuses javascript: and data: media with a report line and keeps relative file names', async () => {
    const header = (await readFile(GUENZBURGER, 'utf8')).split(/\r?\n/, 1)[0]!;
    const columns = header.split(',');
    const values: Record<string, string> = {
      articleType: 'new',
      supplierArticleId: 'U-1',
      descriptionShort: 'Stehleiter 5 Stufen',
      priceType1: 'VK_ohne_MwSt',
      priceAmount1: '99',
      priceCurrency1: 'EUR',
      mimeType1: 'image/jpeg',
      mimeSource1: 'javascript:alert(1)',
      mimeType2: 'application/pdf',
      mimeSource2: 'data:application/pdf;base64,JVBERi0=',
      mimeType3: 'image/jpeg',
      mimeSource3: 'leiter.jpg',
    };
    const file = path.join(dir, 'guenzburger-unsafe.csv');
    await writeFile(file, `${header}\n${columns.map((c) => `"${values[c] ?? ''}"`).join(',')}\n`);
    const sheet = await run(file);
    expect(sheet.products.map((p) => p.media?.map((m) => m.source))).toEqual([['leiter.jpg']]);
    expect(sheet.report.warnings.filter((w) => w.message.includes('refused')).map((w) => w.message)).toEqual([
      'media "javascript:alert(1)" refused: only http(s) URLs and relative file names are imported',
      'media "data:application/pdf;base64,JVBERi0=" refused: only http(s) URLs and relative file names are imported',
    ]);
  });

  test('a missing file rejects (the CLI exits 1)', async () => {
    await expect(importCatalogFile(path.join(dir, 'missing.xml'), { write: async () => {} })).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  test('imports the shared folder: INVALID files and samples become report entries, not failures', async () => {
    let products = 0;
    const reports = await importCatalogDirectory(SHARED, {
      write: async (c) => {
        if (c.kind === 'product') products++;
      },
    });
    const invalid = reports.filter((r) => r.file.includes('INVALID'));
    expect(invalid).toHaveLength(2);
    expect(invalid.every((r) => r.products === 0 && r.skipped.length === 1)).toBe(true);
    expect(reports.find((r) => r.file.endsWith('synthetic'))?.skipped[0]?.reason).toMatch(/parser samples/);
    expect(reports.some((r) => r.file.includes('classification'))).toBe(false);
    // 2,424 ladders + 1,897 fixings + 12 Weidmüller + KS Tools 1 + fischer 3 files × 1.
    expect(products).toBe(4337);
  });
});
