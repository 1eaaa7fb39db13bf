import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { CatalogCategory, CatalogChange, CatalogProduct, ImportReport } from '../model.ts';
import { importBmecat, type BmecatImportOptions } from './importer.ts';

const SHARED = path.resolve(process.cwd(), '../shared/catalog');
const BMECAT = path.join(SHARED, 'bmecat');
const KSTOOLS = path.join(BMECAT, 'kstools_1.2/kstools_1.2_category_tree_1660_groups_1_article.xml');
const FISCHER_TREE = path.join(BMECAT, 'fischer_1.2_nexmart/fischer_1.2_category_tree_726_groups_1_article.xml');
const FISCHER_VALIDITY = path.join(BMECAT, 'fischer_1.2_nexmart/fischer_1.2_1_article_price_validity.xml');
const FISCHER_NO_TYPE = path.join(BMECAT, 'fischer_1.2_nexmart/fischer_1.2_1_article_date_without_type.xml');
const WEIDMUELLER = path.join(BMECAT, 'weidmueller_2005_eclass9/WEI_BMECat_1010000000.xml');
const SYNTHETIC = path.join(BMECAT, 'synthetic');

beforeAll(() => {
  if (!existsSync(BMECAT))
    throw new Error(`shared catalogue data missing: expected ${BMECAT} (../shared/catalog from the project root)`);
});

interface Run {
  report: ImportReport;
  changes: CatalogChange[];
  products: CatalogProduct[];
  categories: CatalogCategory[];
}

async function run(input: string | AsyncIterable<string>, options: BmecatImportOptions = {}): Promise<Run> {
  const changes: CatalogChange[] = [];
  const report = await importBmecat(
    input,
    { write: async (c) => void changes.push(c) },
    { now: new Date('2024-01-01T00:00:00Z'), ...options },
  );
  return {
    report,
    changes,
    products: changes.flatMap((c) => (c.kind === 'product' ? [c.product] : [])),
    categories: changes.flatMap((c) => (c.kind === 'category' ? [c.category] : [])),
  };
}

async function* chunks(xml: string, size = xml.length): AsyncGenerator<string> {
  for (let i = 0; i < xml.length; i += size) yield xml.slice(i, i + size);
}

/** A minimal BMEcat 1.2 document around the given T_NEW_CATALOG content. */
const doc12 = (body: string, language = 'deu', extraHeader = ''): string =>
  `<?xml version="1.0" encoding="UTF-8"?>
<BMECAT version="1.2" xmlns="http://www.bmecat.org/bmecat/1.2/bmecat_new_catalog">
  <HEADER><CATALOG><LANGUAGE>${language}</LANGUAGE><CATALOG_ID>T</CATALOG_ID><CATALOG_VERSION>1.0</CATALOG_VERSION>${extraHeader}</CATALOG>
  <SUPPLIER><SUPPLIER_NAME>Test Supplier</SUPPLIER_NAME></SUPPLIER></HEADER>
  <T_NEW_CATALOG>${body}</T_NEW_CATALOG>
</BMECAT>`;

const article = (number: string, inner = '', details = ''): string =>
  `<ARTICLE mode="new"><SUPPLIER_AID>${number}</SUPPLIER_AID>
   <ARTICLE_DETAILS><DESCRIPTION_SHORT>Artikel ${number}</DESCRIPTION_SHORT>${details}</ARTICLE_DETAILS>${inner}</ARTICLE>`;

const only = <T>(list: T[]): T => {
  expect(list).toHaveLength(1);
  return list[0] as T;
};

describe('problems found in real supplier files', () => {
  test('1 namespaces: real 1.2 and 2005+onto namespaces and prefixed elements are read by local name', async () => {
    const fischer = await run(FISCHER_VALIDITY);
    expect(only(fischer.products).productNumber).toBe('079685');
    const weidmueller = await run(WEIDMUELLER);
    expect(only(weidmueller.products).name).toMatchObject({
      'de-DE': 'Schutzleiter-Reihenklemme',
      'en-GB': 'PE terminal',
    });
    const prefixed = await run(
      chunks(`<bm:BMECAT version="2005" xmlns:bm="http://www.bmecat.org/bmecat/2005fd"><bm:HEADER><bm:CATALOG><bm:LANGUAGE>deu</bm:LANGUAGE></bm:CATALOG></bm:HEADER>
        <bm:T_NEW_CATALOG><bm:PRODUCT><bm:SUPPLIER_PID>P-1</bm:SUPPLIER_PID><bm:PRODUCT_DETAILS><bm:DESCRIPTION_SHORT lang="deu">Zange</bm:DESCRIPTION_SHORT></bm:PRODUCT_DETAILS></bm:PRODUCT></bm:T_NEW_CATALOG></bm:BMECAT>`),
    );
    expect(only(prefixed.products)).toMatchObject({ productNumber: 'P-1', name: { 'de-DE': 'Zange' } });
  });

  test('2 length and pattern violations are warnings, not rejections (KS Tools version "5", long names; fischer without CATALOG_ID)', async () => {
    const ks = await run(KSTOOLS);
    expect(ks.report.categories).toBe(1659);
    expect(ks.report.warnings.some((w) => w.message.includes('CATALOG_VERSION "5"'))).toBe(true);
    expect(ks.categories.some((c) => (c.name['de-DE'] ?? '').length > 50)).toBe(true);
    const fischer = await run(FISCHER_TREE);
    expect(fischer.report.warnings.some((w) => w.message.includes('CATALOG_ID missing'))).toBe(true);
    expect(fischer.report.products).toBe(1);
  });

  test('3 UDX: unknown extensions are ignored, fischer order details inside UDX fill a missing QUANTITY_MIN', async () => {
    const xml = doc12(
      article(
        '079685',
        `<ARTICLE_ORDER_DETAILS><ORDER_UNIT>C62</ORDER_UNIT></ARTICLE_ORDER_DETAILS>
         <USER_DEFINED_EXTENSIONS><UDX.NM.BOOST>1</UDX.NM.BOOST><UDX.NM.CONSUMER_PRODUCT_ORDER_DETAILS>
           <ORDER_UNIT>C62</ORDER_UNIT><QUANTITY_MIN>8</QUANTITY_MIN><QUANTITY_INTERVAL>8</QUANTITY_INTERVAL>
         </UDX.NM.CONSUMER_PRODUCT_ORDER_DETAILS></USER_DEFINED_EXTENSIONS>`,
      ),
    );
    const product = only((await run(chunks(xml))).products);
    expect(product).toMatchObject({ minPurchase: 8, purchaseSteps: 8, unit: 'C62' });
    const fischer = only((await run(FISCHER_TREE)).products);
    expect(fischer).toMatchObject({ minPurchase: 8, purchaseSteps: 8 });
  });

  test('4 Weidmüller non-standard FTEMPLATE/FID features and MIME_TYPE "url" deep links are understood', async () => {
    const product = only((await run(WEIDMUELLER)).products);
    const props = product.properties ?? [];
    expect(props).toContainEqual(expect.objectContaining({ group: 'Einbauform', value: { 'de-DE': 'Aufbau' } }));
    expect(props).toContainEqual(
      expect.objectContaining({
        group: 'Farbe des elektrischen Anschlusses',
        value: { 'de-DE': 'silber', 'en-GB': 'Silver' },
      }),
    );
    // No raw eCl@ss IRDIs and no hierarchy headings as properties.
    expect(
      props.some((p) => /0173-1#/.test(p.group) || Object.values(p.value).some((v) => /0173-1#/.test(v ?? ''))),
    ).toBe(false);
    expect(props.some((p) => p.group === 'Mechanische und elektrische Konstruktion (s)')).toBe(false);
    const deepLink = only(product.media ?? []);
    expect(deepLink).toMatchObject({ mimeType: 'text/html', purpose: 'data_sheet' });
    expect(deepLink.source).toMatch(/^http:\/\/catalog\.weidmueller\.com\/.*ObjectID=1010000000$/);
  });

  test('5 a DOCTYPE with internal subset (KS Tools) is ignored and the file imports', async () => {
    const ks = await run(KSTOOLS);
    expect(ks.report.skipped.filter((s) => s.item === ks.report.file)).toEqual([]);
    expect(ks.report.warnings.some((w) => w.message.startsWith('DOCTYPE present'))).toBe(true);
    expect(only(ks.products).productNumber).toBe('100.1180');
  });

  test('6 language codes deu/DEU/de/eng/fra/nld map to the shop locales; a 1.2 file takes its language from the header', async () => {
    const english12 = only((await run(chunks(doc12(article('E-1'), 'eng')))).products);
    expect(english12.name).toEqual({ 'en-GB': 'Artikel E-1' });
    const upper = only((await run(chunks(doc12(article('D-1'), 'DEU')))).products);
    expect(upper.name).toEqual({ 'de-DE': 'Artikel D-1' });
    const multi = only(
      (
        await run(
          chunks(`<BMECAT version="2005"><HEADER><CATALOG><LANGUAGE default="true">de</LANGUAGE></CATALOG></HEADER><T_NEW_CATALOG>
            <PRODUCT><SUPPLIER_PID>M-1</SUPPLIER_PID><PRODUCT_DETAILS>
              <DESCRIPTION_SHORT lang="de">Zange</DESCRIPTION_SHORT><DESCRIPTION_SHORT lang="eng">Pliers</DESCRIPTION_SHORT>
              <DESCRIPTION_SHORT lang="fra">Pince</DESCRIPTION_SHORT><DESCRIPTION_SHORT lang="nld">Tang</DESCRIPTION_SHORT>
              <DESCRIPTION_SHORT lang="spa">Alicates</DESCRIPTION_SHORT>
            </PRODUCT_DETAILS></PRODUCT></T_NEW_CATALOG></BMECAT>`),
        )
      ).products,
    );
    expect(multi.name).toEqual({ 'de-DE': 'Zange', 'en-GB': 'Pliers', 'fr-FR': 'Pince', 'nl-NL': 'Tang' });
  });

  test('7 prices: five decimals kept exactly, odd price types kept, LOWER_BOUND without PRICE_AMOUNT skipped with a warning', async () => {
    const fischer = only((await run(FISCHER_VALIDITY)).products);
    expect(fischer.prices?.map((p) => [p.priceType, p.amount])).toEqual([
      ['net_list', '17.779'],
      ['nrp', '21.15701'],
    ]);
    const ks = only((await run(KSTOOLS)).products);
    expect(ks.prices).toEqual([
      expect.objectContaining({ priceType: 'udp_dummy', amount: '255.97', tax: '0.19', currency: 'EUR' }),
    ]);
    expect(ks.taxRate).toBe(19);
    const wei = await run(WEIDMUELLER);
    expect(only(wei.products).prices).toBeUndefined();
    expect(wei.report.warnings.some((w) => /without PRICE_AMOUNT \(LOWER_BOUND 100\)/.test(w.message))).toBe(true);
    const tiers = only(
      (
        await run(
          chunks(
            doc12(
              article(
                'T-1',
                `<ARTICLE_ORDER_DETAILS><ORDER_UNIT>C62</ORDER_UNIT><PRICE_QUANTITY>100</PRICE_QUANTITY></ARTICLE_ORDER_DETAILS>
                 <ARTICLE_PRICE_DETAILS>
                   <ARTICLE_PRICE price_type="net_customer"><PRICE_AMOUNT>1.40000</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY><LOWER_BOUND>1</LOWER_BOUND></ARTICLE_PRICE>
                   <ARTICLE_PRICE price_type="net_customer"><PRICE_AMOUNT>1.2</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY><LOWER_BOUND>1000</LOWER_BOUND></ARTICLE_PRICE>
                   <ARTICLE_PRICE price_type="net_list"><PRICE_AMOUNT>0.0</PRICE_AMOUNT></ARTICLE_PRICE>
                 </ARTICLE_PRICE_DETAILS>`,
              ),
            ),
          ),
        )
      ).products,
    );
    expect(tiers.prices?.map((p) => [p.amount, p.lowerBound, p.priceQuantity])).toEqual([
      ['1.40000', 1, '100'],
      ['1.2', 1000, '100'],
    ]);
  });

  test('7 price validity: DATETIME with type and DATETIME without type (fischer) both become dates', async () => {
    const typed = only((await run(FISCHER_VALIDITY)).products).prices?.[0];
    expect(typed?.validFrom?.toISOString()).toBe('2018-01-08T14:44:12.000Z');
    expect(typed?.validTo?.toISOString()).toBe('2019-01-08T14:44:11.000Z');
    const untyped = await run(FISCHER_NO_TYPE);
    expect(only(untyped.products).prices?.[0]?.validFrom?.toISOString()).toBe('2018-01-08T14:44:12.000Z');
    expect(untyped.report.warnings.some((w) => w.message.includes('DATETIME without type'))).toBe(true);
  });

  test('8 units: legacy PCE becomes C62, BOX stays, free-text FUNIT is joined to the value, codes become symbols', async () => {
    const product = only(
      (
        await run(
          chunks(
            doc12(
              article(
                'U-1',
                `<ARTICLE_FEATURES><REFERENCE_FEATURE_SYSTEM_NAME>udf</REFERENCE_FEATURE_SYSTEM_NAME>
                   <FEATURE><FNAME>Teile im Satz</FNAME><FVALUE>13</FVALUE><FUNIT>-tlg.</FUNIT></FEATURE>
                   <FEATURE><FNAME>Inhalt</FNAME><FVALUE>1</FVALUE><FUNIT>Stück</FUNIT></FEATURE>
                   <FEATURE><FNAME>Länge</FNAME><FVALUE>390.0</FVALUE><FUNIT>MMT</FUNIT></FEATURE>
                 </ARTICLE_FEATURES>
                 <ARTICLE_ORDER_DETAILS><ORDER_UNIT>PCE</ORDER_UNIT><CONTENT_UNIT>PCE</CONTENT_UNIT></ARTICLE_ORDER_DETAILS>`,
              ),
            ),
          ),
        )
      ).products,
    );
    expect(product).toMatchObject({ unit: 'C62', contentUnit: 'C62' });
    const byGroup = Object.fromEntries((product.properties ?? []).map((p) => [p.group, [p.value['de-DE'], p.unit]]));
    expect(byGroup).toEqual({
      'Teile im Satz': ['13-tlg.', undefined],
      Inhalt: ['1 Stück', undefined],
      Länge: ['390', 'mm'],
    });
    const box = only((await run(path.join(SYNTHETIC, 'olivere_bmecat12_testdata_new_catalog.golden.xml'))).products);
    expect(box).toMatchObject({ unit: 'BOX', contentUnit: 'C62', contentPerUnit: '6' });
  });

  test('9 EAN: 12-digit and GTIN-14 codes are accepted, a wrong check digit is kept with a warning', async () => {
    const xml = doc12(
      article('E12', '', '<EAN>036000291452</EAN>') +
        article('E14', '', '<EAN>04006209796856</EAN>') +
        article('BAD', '', '<EAN>4031405196944</EAN>'),
    );
    const result = await run(chunks(xml));
    expect(result.products.map((p) => [p.productNumber, p.ean])).toEqual([
      ['E12', '036000291452'],
      ['E14', '04006209796856'],
      ['BAD', '4031405196944'],
    ]);
    expect(result.report.warnings.filter((w) => w.message.startsWith('EAN'))).toEqual([
      { item: 'BAD', message: 'EAN 4031405196944: check digit 4 should be 0; kept' },
    ]);
  });

  test('10 categories: nameless group gets a name, same name in two branches stays two groups, article in 2 groups, image and HTML description', async () => {
    const fischer = await run(FISCHER_TREE);
    const nameless = fischer.categories.find((c) => c.externalId === '1001387662');
    expect(nameless?.name['de-DE']).toBe('Kanaalplaatanker FH II (finl)');
    expect(fischer.categories.some((c) => c.externalId === '1')).toBe(false);
    const ks = await run(KSTOOLS);
    const names = ks.categories.map((c) => c.name['de-DE']);
    const duplicated = names.filter((n, i) => names.indexOf(n) !== i);
    expect(duplicated.length).toBeGreaterThan(0);
    expect(only(ks.products).categories?.map((c) => c.externalId)).toEqual(['1001587425', '1001529129']);
    const withImage = ks.categories.find(
      (c) => c.mediaFileName === 'FOT_NAV_KS_KL_Schraubenschluessel_SALL_AQU_V1.png',
    );
    expect(withImage?.description?.['de-DE']).toMatch(/^<p>Schraubenschlüssel von KS TOOLS/);
    expect(withImage?.description?.['de-DE']).not.toContain('&lt;');
    // Parents are written before their children.
    const seen = new Set<string>();
    for (const c of ks.categories) {
      if (c.parentExternalId) expect(seen.has(c.parentExternalId)).toBe(true);
      seen.add(c.externalId);
    }
  });

  test('11 references: missing type becomes "others", targets outside the file are kept by number', async () => {
    const xml = doc12(
      article(
        'R-1',
        '<ARTICLE_REFERENCE><ART_ID_TO>R-2</ART_ID_TO></ARTICLE_REFERENCE><ARTICLE_REFERENCE type="accessories" quantity="2"><ART_ID_TO>X-9</ART_ID_TO></ARTICLE_REFERENCE>',
      ) + article('R-2'),
    );
    const result = await run(chunks(xml));
    expect(result.products[0]?.references).toEqual([
      { type: 'others', productNumber: 'R-2', quantity: undefined, position: 1 },
      { type: 'accessories', productNumber: 'X-9', quantity: 2, position: 2 },
    ]);
    expect(result.report.warnings).toContainEqual({
      item: 'X-9',
      message: 'referenced article is not in this file: kept by number',
    });
    const wei = only((await run(WEIDMUELLER)).products);
    expect(wei.references?.length).toBe(11);
    expect(wei.references?.every((r) => r.type === 'accessories')).toBe(true);
  });

  test('12 escaped HTML in DESCRIPTION_LONG is unescaped and sanitised', async () => {
    const ks = only((await run(KSTOOLS)).products);
    expect(ks.description?.['de-DE']).toMatch(/^<ul><li>ideale Zusammenstellung/);
    expect(ks.description?.['de-DE']).not.toContain('class=');
    const hostile = only(
      (
        await run(
          chunks(
            doc12(
              article(
                'H-1',
                '',
                '<DESCRIPTION_LONG>&lt;p onclick="x()"&gt;Gut&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;a href="javascript:x"&gt;l&lt;/a&gt;</DESCRIPTION_LONG>',
              ),
            ),
          ),
        )
      ).products,
    );
    expect(hostile.description?.['de-DE']).toBe('<p>Gut</p><a rel="noopener nofollow">l</a>');
  });

  test('13 size: the file is streamed; tiny chunks and a spilled spool give the same result as one piece', async () => {
    const xml = await readFile(path.join(BMECAT, 'weidmueller_2005_eclass9/WEI_BMECat_1690000000.xml'), 'utf8');
    const whole = await run(chunks(xml));
    const streamed = await run(chunks(xml, 997), { spoolMemoryLimit: 1 });
    expect(streamed.changes).toEqual(whole.changes);
    const many = doc12(Array.from({ length: 50 }, (_, i) => article(`S-${i}`)).join(''));
    const spilled = await run(chunks(many, 512), { spoolMemoryLimit: 7 });
    expect(spilled.products.map((p) => p.productNumber)).toEqual(Array.from({ length: 50 }, (_, i) => `S-${i}`));
  });
});

describe('synthetic samples and transactions', () => {
  test('BMEcat 1.01 is read leniently with a version warning', async () => {
    const result = await run(path.join(SYNTHETIC, 'bmecat_1.01_new_catalog_ok_uni_essen_1999.xml'));
    expect(result.report.format).toBe('bmecat-1.01');
    expect(result.report.warnings.some((w) => w.message.includes('1.01'))).toBe(true);
    expect(result.products.map((p) => p.productNumber)).toContain('54-Charlie-R');
    const price = result.products.find((p) => p.productNumber === '54-Charlie-R')?.prices?.[0];
    // "17,23" × PRICE_FACTOR ",8", TAX 16 (percent) in DEM.
    expect(price).toMatchObject({ amount: '13.784', tax: '0.16', currency: 'DEM' });
  });

  test('2005.1 products with prices in two currencies, and the minimal 2005.2 document', async () => {
    const r1 = await run(path.join(SYNTHETIC, 'naugrimm_2005.1_document_without_null_values.xml'));
    expect(r1.products.map((p) => p.productNumber)).toEqual(['1', '2', '3']);
    expect(r1.products[0]?.prices?.map((p) => `${p.amount} ${p.currency}`)).toEqual(['10.5 EUR', '7.3 GBP']);
    expect(r1.products[0]?.media?.map((m) => [m.source, m.purpose])).toEqual([
      ['http://a.b/c/d.jpg', 'normal'],
      ['http://w.x/y/z.bmp', 'thumbnail'],
    ]);
    const r2 = await run(path.join(SYNTHETIC, 'naugrimm_2005.2_minimal_valid_document.xml'));
    expect(r2.report).toMatchObject({ format: 'bmecat-2005.2', products: 0, skipped: [] });
  });

  test('2005 new catalogue: GTIN from INTERNATIONAL_PID, media resolved against MIME_ROOT, logistics data', async () => {
    const product = only(
      (await run(path.join(SYNTHETIC, 'olivere_bmecat2005_testdata_new_catalog.golden.xml'))).products,
    );
    expect(product).toMatchObject({
      ean: '8712670911213',
      manufacturerNumber: 'MPN',
      deliveryTimeMin: 2,
      deliveryTimeUnit: 'day',
    });
    expect(product.media?.[0]?.source).toBe('https://example.com/images/55-K-31.jpg');
    expect(product.customFields).toMatchObject({
      customsTariffNumber: '84713000',
      countryOfOrigin: 'CN',
      grossWeight: '1.37 kg',
      // The ECLASS class of REFERENCE_FEATURE_SYSTEM_NAME/GROUP_ID, for punch-out documents; the supplier's own
      // feature system (udf_Supplier-1.0) is not a classification.
      classifications: [{ system: 'ECLASS', code: '19010203', name: null }],
    });
    expect(product.references).toEqual([{ type: 'similar', productNumber: '2000', quantity: undefined, position: 1 }]);
  });

  test('T_UPDATE_PRODUCTS: mode update and mode delete', async () => {
    const result = await run(path.join(SYNTHETIC, 'olivere_bmecat12_testdata_update_products.golden.xml'));
    expect(
      result.changes.map((c) =>
        c.kind === 'product'
          ? `${c.mode}:${c.product.productNumber}`
          : c.kind === 'delete-product'
            ? `delete:${c.productNumber}`
            : c.kind,
      ),
    ).toEqual(['update:1000', 'delete:2000']);
    expect(result.report).toMatchObject({ products: 1, deleted: 1 });
  });

  test('T_UPDATE_PRICES: price tiers and validity as a prices change', async () => {
    const result = await run(path.join(SYNTHETIC, 'olivere_bmecat12_testdata_update_prices.golden.xml'));
    const change = only(result.changes);
    expect(change.kind).toBe('prices');
    if (change.kind !== 'prices') return;
    expect(change.productNumber).toBe('1000');
    expect(change.prices.map((p) => [p.amount, p.lowerBound, p.validTo?.toISOString()])).toEqual([
      ['1499.5', 1, '2001-07-31T00:00:00.000Z'],
      ['1300.9', 100, '2001-07-31T00:00:00.000Z'],
    ]);
    expect(result.report.priceUpdates).toBe(1);
  });

  test.each([
    ['kstools_1.2_INVALID_article_details_outside_article.xml', /<ARTICLE_DETAILS> outside <ARTICLE>/],
    ['kstools_1.2_INVALID_nested_article_details.xml', /<ARTICLE_DETAILS> inside <ARTICLE_DETAILS>/],
  ])('the broken KS Tools file %s yields a report and writes nothing', async (file, reason) => {
    const result = await run(path.join(BMECAT, 'kstools_1.2', file));
    expect(result.changes).toEqual([]);
    expect(result.report).toMatchObject({ products: 0, categories: 0 });
    expect(only(result.report.skipped).reason).toMatch(reason);
  });
});

describe('hostile input', () => {
  test('an external entity (XXE) is not resolved: the document is rejected and no file content leaks', async () => {
    const xml = `<?xml version="1.0"?>
<!DOCTYPE BMECAT [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<BMECAT version="1.2"><HEADER><CATALOG><LANGUAGE>deu</LANGUAGE></CATALOG></HEADER><T_NEW_CATALOG>
${article('X-1', '', '<DESCRIPTION_LONG>&xxe;</DESCRIPTION_LONG>')}</T_NEW_CATALOG></BMECAT>`;
    const result = await run(chunks(xml));
    expect(result.changes).toEqual([]);
    expect(only(result.report.skipped).reason).toMatch(/not well-formed XML/);
    expect(JSON.stringify(result.report)).not.toContain('root:');
  });

  test('an external DTD is never fetched', async () => {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests++;
      res.end('<!ENTITY x "fetched">');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const xml = `<?xml version="1.0"?><!DOCTYPE BMECAT SYSTEM "http://127.0.0.1:${port}/bmecat.dtd">${doc12(article('D-1')).replace(/^<\?xml[^>]*\?>/, '')}`;
      const result = await run(chunks(xml));
      expect(only(result.products).productNumber).toBe('D-1');
      expect(requests).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('element depth and text size limits reject the document instead of exhausting memory', async () => {
    const deep = `<BMECAT version="1.2">${'<X>'.repeat(100)}${'</X>'.repeat(100)}</BMECAT>`;
    const tooDeep = await run(chunks(deep), { limits: { maxDepth: 32 } });
    expect(only(tooDeep.report.skipped).reason).toMatch(/depth exceeds 32/);
    const long = doc12(article('L-1', '', `<DESCRIPTION_LONG>${'a'.repeat(5000)}</DESCRIPTION_LONG>`));
    const tooLong = await run(chunks(long, 1000), { limits: { maxTextLength: 1000 } });
    expect(tooLong.changes).toEqual([]);
    expect(only(tooLong.report.skipped).reason).toMatch(/exceeds 1000 characters/);
  });

  test('javascript:, data: and other non-http(s) media are refused with a report line; relative names stay', async () => {
    const mime = (source: string, type = 'image/jpeg') =>
      `<MIME><MIME_TYPE>${type}</MIME_TYPE><MIME_SOURCE>${source}</MIME_SOURCE><MIME_PURPOSE>normal</MIME_PURPOSE></MIME>`;
    const xml = doc12(
      `<CATALOG_GROUP_SYSTEM><CATALOG_STRUCTURE type="leaf"><GROUP_ID>G1</GROUP_ID><GROUP_NAME>Gruppe</GROUP_NAME>
        <MIME_INFO>${mime('javascript:alert(1)')}</MIME_INFO></CATALOG_STRUCTURE></CATALOG_GROUP_SYSTEM>` +
        article(
          'M-1',
          `<MIME_INFO>${[
            mime('javascript:alert(document.cookie)', 'url'),
            mime('data:text/html;base64,PHNjcmlwdD4=', 'application/pdf'),
            mime(' JaVa&#9;script:alert(1)', 'url'),
            mime('vbscript:msgbox(1)'),
            mime('bilder/m-1.jpg'),
            mime('https://cdn.example.com/m-1.pdf', 'application/pdf'),
          ].join('')}</MIME_INFO>`,
        ),
    );
    const result = await run(chunks(xml));
    expect(only(result.products).media?.map((m) => m.source)).toEqual([
      'bilder/m-1.jpg',
      'https://cdn.example.com/m-1.pdf',
    ]);
    expect(only(result.categories).mediaFileName).toBeUndefined();
    const refused = result.report.warnings.filter((w) => w.message.includes('refused'));
    expect(refused).toHaveLength(5);
    expect(refused[0]).toEqual({
      item: expect.stringContaining('G1'),
      message: 'media "javascript:alert(1)" refused: only http(s) URLs and relative file names are imported',
    });
  });

  test('a MIME_ROOT with a script scheme does not turn relative names into script links', async () => {
    const xml = doc12(
      article(
        'M-2',
        '<MIME_INFO><MIME><MIME_TYPE>image/jpeg</MIME_TYPE><MIME_SOURCE>a.jpg</MIME_SOURCE></MIME></MIME_INFO>',
      ),
      'deu',
      '<MIME_ROOT>javascript:alert(1)//</MIME_ROOT>',
    );
    const result = await run(chunks(xml));
    expect(only(result.products).media).toBeUndefined();
    expect(result.report.warnings.some((w) => w.message.startsWith('media "javascript:alert(1)/a.jpg" refused'))).toBe(
      true,
    );
  });

  test('a file that is not BMEcat is reported, not imported', async () => {
    const result = await run(chunks('<?xml version="1.0"?><cXML><Request/></cXML>'));
    expect(only(result.report.skipped).reason).toBe(
      'not a BMEcat document: root element is <cXML>; nothing imported from this file',
    );
  });
});
