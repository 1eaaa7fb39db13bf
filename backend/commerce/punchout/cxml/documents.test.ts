import { afterAll, describe, expect, test } from 'vitest';
import type { PunchOutLine } from '../punchout-line.ts';
import { auxIdFor, verifyAuxId } from './aux-id.ts';
import { cxmlTimestamp, newPayloadId, XML_DECLARATION } from '../../../../contract/cxml.ts';
import {
  buildPunchOutOrderMessage,
  buildSetupResponse,
  buildStatusResponse,
  encodePoomFormValue,
  UNCLASSIFIED_CODE,
  type PunchOutOrderMessageInput,
} from './documents.ts';
import { releaseCxmlValidator, validateCxml } from './dtd-validate.ts';
import { parsePunchOutOrderMessage, parseResponse } from './received-documents.ts';
import { DEFAULT_CXML_SETTINGS } from './settings.ts';
import { parseSetupRequest } from './setup-request.ts';
import { punchOutLine } from './testing/lines.ts';
import { child, childrenNamed, parseXml, path, type XmlElement } from './xml-safe.ts';

afterAll(() => releaseCxmlValidator());

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d:\d\d$/;
const KEY = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
const SUPPLIER = { domain: 'NetworkID', identity: 'AN-WERKBANK' };
const BUYER = { domain: 'NetworkID', identity: 'AN-BUYER' };

function poomInput(overrides: Partial<PunchOutOrderMessageInput> = {}): PunchOutOrderMessageInput {
  return {
    buyerCookieRaw: 'cookie-1',
    lang: 'de-DE',
    operationAllowed: 'edit',
    lines: [punchOutLine()],
    currency: 'EUR',
    settings: DEFAULT_CXML_SETTINGS,
    auxIdKey: KEY,
    from: SUPPLIER,
    to: BUYER,
    sender: { credentials: SUPPLIER, userAgent: 'Werkbank punch-out' },
    deploymentMode: 'production',
    meta: { hostname: 'shop.example', now: new Date('2024-07-01T12:00:00Z') },
    ...overrides,
  };
}

function expectValid(xml: string): void {
  expect(validateCxml(xml)).toEqual({ valid: true, errors: [] });
}

function names(element: XmlElement | undefined): string[] {
  return element ? element.children.map((c) => c.name) : [];
}

function itemIns(xml: string): XmlElement[] {
  const poom = path(parseXml(xml), 'Message', 'PunchOutOrderMessage');
  return poom ? childrenNamed(poom, 'ItemIn') : [];
}

describe('cxmlTimestamp', () => {
  test('is local time with a numeric offset and never ends in Z', () => {
    const summer = new Date('2024-07-01T12:00:00.789Z');
    expect(cxmlTimestamp(summer)).toBe('2024-07-01T14:00:00+02:00');
    expect(cxmlTimestamp(new Date('2024-01-15T23:30:00Z'))).toBe('2024-01-16T00:30:00+01:00');
    expect(cxmlTimestamp(summer, 'UTC')).toBe('2024-07-01T12:00:00+00:00');
    expect(cxmlTimestamp(summer, 'America/New_York')).toBe('2024-07-01T08:00:00-04:00');
    expect(cxmlTimestamp(summer, 'Asia/Kolkata')).toBe('2024-07-01T17:30:00+05:30');
    for (const zone of ['Europe/Brussels', 'UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham']) {
      const value = cxmlTimestamp(new Date(), zone);
      expect(value).toMatch(TIMESTAMP);
      expect(value.endsWith('Z')).toBe(false);
    }
  });

  test('refuses an unknown time zone and an invalid date', () => {
    expect(() => cxmlTimestamp(new Date(), 'Mars/Olympus')).toThrow(RangeError);
    expect(() => cxmlTimestamp(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('newPayloadId', () => {
  test('has the form <epoch ms>.<pid>.<random hex>@<hostname> and is unique', () => {
    const id = newPayloadId('shop.example');
    expect(id).toMatch(new RegExp(`^\\d{13}\\.${process.pid}\\.[0-9a-f]{16}@shop\\.example$`));
    const ids = new Set(Array.from({ length: 2000 }, () => newPayloadId('h')));
    expect(ids.size).toBe(2000);
  });
});

describe('envelope of every document', () => {
  const documents = {
    status: buildStatusResponse(401, undefined, 'Sender credentials were not accepted.'),
    setup: buildSetupResponse('https://shop.example/punchout/start/abc', 'de-DE'),
    poom: buildPunchOutOrderMessage(poomInput({ meta: {} })),
  };

  test.each(Object.entries(documents))(
    '%s: starts with the XML declaration, then the DOCTYPE; no version attribute',
    (_, xml) => {
      expect(xml.startsWith(`${XML_DECLARATION}\n`)).toBe(true);
      expect(xml.split('\n')[1]).toBe('<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.071/cXML.dtd">');
      const root = parseXml(xml);
      expect(root.name).toBe('cXML');
      expect(root.attributes).not.toHaveProperty('version');
    },
  );

  test.each(Object.entries(documents))('%s: timestamp has a numeric offset, never Z', (_, xml) => {
    expect(parseXml(xml).attributes['timestamp']).toMatch(TIMESTAMP);
  });

  test.each(Object.entries(documents))('%s: validates against cXML.dtd 1.2.071', (_, xml) => {
    expectValid(xml);
  });

  test('payloadIDs differ between documents', () => {
    const ids = [buildStatusResponse(200), buildStatusResponse(200), buildSetupResponse('https://a', 'en')].map(
      (xml) => parseXml(xml).attributes['payloadID'],
    );
    expect(new Set(ids).size).toBe(3);
  });
});

describe('buildStatusResponse', () => {
  test('carries code, standard text and the explanation, escaped once', () => {
    const xml = buildStatusResponse(400, undefined, 'A BrowserFormPost URL is required <&> "here"');
    expect(xml).toContain('&lt;&amp;&gt; &quot;here&quot;');
    expect(parseResponse(xml).status).toEqual({
      code: 400,
      text: 'Bad Request',
      detail: 'A BrowserFormPost URL is required <&> "here"',
    });
    expect(path(parseXml(xml), 'Response', 'PunchOutSetupResponse')).toBeUndefined();
  });

  test('acknowledges an OrderRequest with 200 OK and nothing else', () => {
    const xml = buildStatusResponse(200);
    expect(names(child(parseXml(xml), 'Response'))).toEqual(['Status']);
    expect(parseResponse(xml).status).toEqual({ code: 200, text: 'OK', detail: '' });
    expectValid(xml);
  });

  test('uses the envelope values it is given', () => {
    const xml = buildStatusResponse(406, 'Not Acceptable', undefined, {
      payloadId: 'p-1@h',
      now: new Date('2024-01-01T00:00:00Z'),
      timeZone: 'UTC',
      dtdVersion: '1.2.014',
    });
    expect(xml).toContain('<cXML payloadID="p-1@h" timestamp="2024-01-01T00:00:00+00:00" xml:lang="en">');
    expect(xml).toContain('/schemas/cXML/1.2.014/cXML.dtd');
  });
});

describe('buildSetupResponse', () => {
  test('answers 200 with exactly one StartPage URL', () => {
    const xml = buildSetupResponse('https://shop.example/punchout/start?t=a&b=c', 'fr-FR');
    expect(xml).toContain('<URL>https://shop.example/punchout/start?t=a&amp;b=c</URL>');
    const response = parseResponse(xml);
    expect(response.status.code).toBe(200);
    expect(response.startPageUrl).toBe('https://shop.example/punchout/start?t=a&b=c');
    expect(response.lang).toBe('fr-FR');
    expect(names(child(parseXml(xml), 'Response'))).toEqual(['Status', 'PunchOutSetupResponse']);
  });

  test('an invalid language falls back to en; an empty URL is refused', () => {
    expect(parseResponse(buildSetupResponse('https://a', 'de DE"')).lang).toBe('en');
    expect(() => buildSetupResponse(' ', 'en')).toThrow(RangeError);
  });
});

describe('buildPunchOutOrderMessage (cXML 1.2.071)', () => {
  const lines: PunchOutLine[] = [
    punchOutLine(),
    punchOutLine({
      productId: 'aa'.repeat(16),
      productNumber: 'WB-20001',
      name: 'Kabel NYM-J 3x1,5 mm², Ring 100 m, grau, Qualitätsware vom Fachhändler deines Vertrauens',
      description: '',
      quantity: 2.5,
      unitPrice: 199n,
      totalPrice: 498n,
      unit: 'MTR',
      leadTimeDays: null,
      manufacturerName: null,
      manufacturerNumber: null,
      classifications: [{ system: 'UNSPSC', code: '26.12.16.09-01', name: null }],
      customerProductNumber: null,
      productUrl: null,
    }),
  ];
  const xml = buildPunchOutOrderMessage(
    poomInput({ lines, settings: { ...DEFAULT_CXML_SETTINGS, unitMap: { PR: 'PR', MTR: 'MTR', C62: 'EA' } } }),
  );
  const root = parseXml(xml);

  test('validates against cXML.dtd 1.2.071', () => {
    expectValid(xml);
  });

  test('From and Sender name the supplier, To names the buyer', () => {
    expect(path(root, 'Header', 'From', 'Credential', 'Identity')?.text).toBe('AN-WERKBANK');
    expect(path(root, 'Header', 'To', 'Credential', 'Identity')?.text).toBe('AN-BUYER');
    expect(path(root, 'Header', 'Sender', 'Credential', 'Identity')?.text).toBe('AN-WERKBANK');
    expect(path(root, 'Header', 'Sender', 'UserAgent')?.text).toBe('Werkbank punch-out');
  });

  test('no SharedSecret anywhere, even when the credentials given carry one', () => {
    const withSecret = { ...BUYER, sharedSecret: 'TOP-SECRET' } as typeof BUYER;
    const doc = buildPunchOutOrderMessage(poomInput({ to: withSecret, from: [SUPPLIER, withSecret] }));
    expect(doc).not.toContain('SharedSecret');
    expect(doc).not.toContain('TOP-SECRET');
    expect(xml).not.toMatch(/SharedSecret|CredentialMac|DigitalSignature/);
  });

  test('Total is the sum of the line totals in one currency, with a dot and the currency decimals', () => {
    expect(path(root, 'Message', 'PunchOutOrderMessage', 'PunchOutOrderMessageHeader', 'Total', 'Money')).toMatchObject(
      { attributes: { currency: 'EUR' }, text: '29.98' },
    );
    expect(
      path(root, 'Message', 'PunchOutOrderMessage', 'PunchOutOrderMessageHeader')?.attributes['operationAllowed'],
    ).toBe('edit');
  });

  test('lines carry quantity > 0 (fractions allowed) and line numbers 1, 2, … without gaps', () => {
    expect(itemIns(xml).map((i) => i.attributes)).toEqual([
      { quantity: '2', lineNumber: '1' },
      { quantity: '2.5', lineNumber: '2' },
    ]);
  });

  test('ItemID: SupplierPartID = product number, stable tamper-evident aux id, BuyerPartID = customer number', () => {
    const [first, second] = itemIns(xml);
    expect(names(first && child(first, 'ItemID'))).toEqual([
      'SupplierPartID',
      'SupplierPartAuxiliaryID',
      'BuyerPartID',
    ]);
    expect(path(first, 'ItemID', 'SupplierPartID')?.text).toBe('WB-10042');
    const aux = path(first, 'ItemID', 'SupplierPartAuxiliaryID')?.text ?? '';
    expect(aux).toBe(auxIdFor('018f3a2b4c5d6e7f8091a2b3c4d5e6f7', KEY));
    expect(verifyAuxId(aux, KEY)).toBe('018f3a2b4c5d6e7f8091a2b3c4d5e6f7');
    expect(aux).not.toMatch(/[?{}]/);
    expect(path(first, 'ItemID', 'BuyerPartID')?.text).toBe('K-778');
    expect(names(second && child(second, 'ItemID'))).toEqual(['SupplierPartID', 'SupplierPartAuxiliaryID']);
  });

  test('the aux id of a product is the same in a later (edit or inspect) session', () => {
    const later = buildPunchOutOrderMessage(poomInput({ meta: { now: new Date('2025-01-01T00:00:00Z') } }));
    const auxOf = (doc: string) => path(itemIns(doc)[0], 'ItemID', 'SupplierPartAuxiliaryID')?.text;
    expect(auxOf(later)).toBe(auxOf(xml));
  });

  test('ItemDetail children come in the order of the DTD', () => {
    const [first, second] = itemIns(xml);
    expect(names(first && child(first, 'ItemDetail'))).toEqual([
      'UnitPrice',
      'Description',
      'UnitOfMeasure',
      'Classification',
      'ManufacturerPartID',
      'ManufacturerName',
      'URL',
      'LeadTime',
    ]);
    expect(names(second && child(second, 'ItemDetail'))).toEqual([
      'UnitPrice',
      'Description',
      'UnitOfMeasure',
      'Classification',
    ]);
    expect(xml).not.toContain('PriceBasisQuantity');
  });

  test('Description has xml:lang, the ShortName (at most 50 characters) first, then the text', () => {
    const [first, second] = itemIns(xml);
    const description = path(first, 'ItemDetail', 'Description');
    expect(description?.attributes).toEqual({ 'xml:lang': 'de-DE' });
    expect(names(description)).toEqual(['ShortName']);
    expect(xml).toContain(
      '<Description xml:lang="de-DE"><ShortName>Schutzhandschuh Nitril, Größe 9</ShortName>Nitril-beschichteter',
    );
    const short = path(second, 'ItemDetail', 'Description', 'ShortName')?.text ?? '';
    expect(Array.from(short).length).toBeLessThanOrEqual(50);
    expect(short).toBe(
      Array.from(lines[1]?.name ?? '')
        .slice(0, 50)
        .join(''),
    );
    expect(short.startsWith('Kabel NYM-J 3x1,5 mm², Ring 100 m, grau')).toBe(true);
    // Without a description, the full name is the text.
    expect(path(second, 'ItemDetail', 'Description')?.text).toBe(lines[1]?.name);
  });

  test('UnitPrice, UnitOfMeasure (mapped per buyer), LeadTime and manufacturer data are filled', () => {
    const [first, second] = itemIns(xml);
    expect(path(first, 'ItemDetail', 'UnitPrice', 'Money')).toMatchObject({
      attributes: { currency: 'EUR' },
      text: '12.50',
    });
    expect(path(second, 'ItemDetail', 'UnitPrice', 'Money')?.text).toBe('1.99');
    expect(path(first, 'ItemDetail', 'UnitOfMeasure')?.text).toBe('PR');
    expect(path(second, 'ItemDetail', 'UnitOfMeasure')?.text).toBe('MTR');
    expect(path(first, 'ItemDetail', 'LeadTime')?.text).toBe('3');
    expect(path(first, 'ItemDetail', 'ManufacturerPartID')?.text).toBe('HW-NI-9');
    expect(path(first, 'ItemDetail', 'ManufacturerName')?.attributes).toEqual({ 'xml:lang': 'de-DE' });
    const mapped = buildPunchOutOrderMessage(
      poomInput({ settings: { ...DEFAULT_CXML_SETTINGS, unitMap: { PR: 'PAIR' } } }),
    );
    expect(path(itemIns(mapped)[0], 'ItemDetail', 'UnitOfMeasure')?.text).toBe('PAIR');
  });

  test('Classification: the configured domain, UNSPSC as 8 digits without punctuation', () => {
    const [first, second] = itemIns(xml);
    expect(path(first, 'ItemDetail', 'Classification')).toMatchObject({
      attributes: { domain: 'UNSPSC' },
      text: '46181504',
    });
    // "26.12.16.09-01": 10 digits, the business-function digits are dropped.
    expect(path(second, 'ItemDetail', 'Classification')?.text).toBe('26121609');
    const eclass = buildPunchOutOrderMessage(
      poomInput({ settings: { ...DEFAULT_CXML_SETTINGS, classification: 'ECLASS' } }),
    );
    expect(path(itemIns(eclass)[0], 'ItemDetail', 'Classification')).toMatchObject({
      attributes: { domain: 'ECLASS' },
      text: '40070201',
    });
  });

  test('a line without a usable classification gets the documented fallback 00000000', () => {
    const doc = buildPunchOutOrderMessage(
      poomInput({
        lines: [
          punchOutLine({ classifications: [] }),
          punchOutLine({ classifications: [{ system: 'UNSPSC', code: '4618', name: null }] }),
          punchOutLine({ classifications: [{ system: 'ECLASS', code: '40070201', name: null }] }),
        ],
        currency: 'EUR',
      }),
    );
    expect(itemIns(doc).map((i) => path(i, 'ItemDetail', 'Classification')?.text)).toEqual([
      UNCLASSIFIED_CODE,
      UNCLASSIFIED_CODE,
      UNCLASSIFIED_CODE,
    ]);
    expect(UNCLASSIFIED_CODE).toMatch(/^\d{8}$/);
    expectValid(doc);
  });

  test('currencies with other decimals are written with theirs (JPY 0, BHD 3)', () => {
    const yen = buildPunchOutOrderMessage(
      poomInput({ currency: 'JPY', lines: [punchOutLine({ currency: 'JPY', unitPrice: 1500n, totalPrice: 3000n })] }),
    );
    expect(path(itemIns(yen)[0], 'ItemDetail', 'UnitPrice', 'Money')?.text).toBe('1500');
    const dinar = buildPunchOutOrderMessage(
      poomInput({ currency: 'BHD', lines: [punchOutLine({ currency: 'BHD', unitPrice: 1500n, totalPrice: 5n })] }),
    );
    expect(
      path(parseXml(dinar), 'Message', 'PunchOutOrderMessage', 'PunchOutOrderMessageHeader', 'Total', 'Money')?.text,
    ).toBe('0.005');
  });

  test('refuses a quantity of 0 or less, and lines in another currency than the cart', () => {
    expect(() => buildPunchOutOrderMessage(poomInput({ lines: [punchOutLine({ quantity: 0 })] }))).toThrow(RangeError);
    expect(() => buildPunchOutOrderMessage(poomInput({ lines: [punchOutLine({ quantity: -1 })] }))).toThrow(/positive/);
    expect(() => buildPunchOutOrderMessage(poomInput({ lines: [punchOutLine({ quantity: Number.NaN })] }))).toThrow();
    expect(() =>
      buildPunchOutOrderMessage(poomInput({ lines: [punchOutLine(), punchOutLine({ currency: 'USD' })] })),
    ).toThrow(/one currency/);
  });

  test('deploymentMode of the Message follows the session', () => {
    const doc = buildPunchOutOrderMessage(poomInput({ deploymentMode: 'test' }));
    expect(child(parseXml(doc), 'Message')?.attributes['deploymentMode']).toBe('test');
  });
});

describe('buildPunchOutOrderMessage (cXML 1.2.014 declared)', () => {
  const xml = buildPunchOutOrderMessage(
    poomInput({ settings: { ...DEFAULT_CXML_SETTINGS, dtdVersion: '1.2.014' }, lines: [punchOutLine()] }),
  );

  test('the DOCTYPE names 1.2.014', () => {
    expect(xml.split('\n')[1]).toBe('<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">');
  });

  test('BuyerPartID and PriceBasisQuantity, absent from the 1.2.014 DTD, are not sent', () => {
    expect(xml).not.toContain('BuyerPartID');
    expect(xml).not.toContain('PriceBasisQuantity');
    expect(names(path(itemIns(xml)[0], 'ItemID'))).toEqual(['SupplierPartID', 'SupplierPartAuxiliaryID']);
  });

  test('lineNumber stays: cXML.dtd 1.2.014 declares ItemIn@lineNumber; nothing newer is on ItemIn', () => {
    expect(itemIns(xml)[0]?.attributes).toEqual({ quantity: '2', lineNumber: '1' });
  });

  test('validates (the 1.2.014 content models used are subsets of 1.2.071)', () => {
    expectValid(xml);
  });

  test('an unsupported version is refused', () => {
    for (const dtdVersion of ['1.2.013', '1.1.010', 'latest', '']) {
      const settings = { ...DEFAULT_CXML_SETTINGS, dtdVersion: dtdVersion || 'x' };
      expect(() => buildPunchOutOrderMessage(poomInput({ settings }))).toThrow(RangeError);
    }
  });
});

describe('empty carts: cancel, inspect, edit without lines', () => {
  test('a cancel sends no ItemIn and a Total of 0.00', () => {
    const xml = buildPunchOutOrderMessage(poomInput({ lines: [], operationAllowed: 'create' }));
    expect(itemIns(xml)).toEqual([]);
    const message = parsePunchOutOrderMessage(xml);
    expect(message.total).toEqual({ currency: 'EUR', amount: '0.00', minor: 0n });
    expect(message.status).toBeNull();
    expectValid(xml);
  });

  test('status204 adds Status 204 No Content to the Message (session ended without change)', () => {
    const xml = buildPunchOutOrderMessage(poomInput({ lines: [], status204: true, operationAllowed: 'inspect' }));
    expect(names(child(parseXml(xml), 'Message'))).toEqual(['Status', 'PunchOutOrderMessage']);
    expect(parsePunchOutOrderMessage(xml).status).toEqual({ code: 204, text: 'No Content', detail: '' });
    expectValid(xml);
  });
});

describe('BuyerCookie and special characters through both form encodings', () => {
  // Nested elements the DTD declares (a cookie with undeclared elements would make the document DTD-invalid).
  const cookie = '\n  <Extrinsic name="s&amp;1">Käse &amp; Brot &lt;3 <Name xml:lang="de">€</Name></Extrinsic>\n';
  const setup = parseSetupRequest(`<?xml version="1.0" encoding="UTF-8"?>
<cXML payloadID="1@b" timestamp="2024-01-01T00:00:00+00:00" xml:lang="de-DE">
  <Header><From><Credential domain="NetworkID"><Identity>AN-BUYER</Identity></Credential></From>
    <To><Credential domain="NetworkID"><Identity>AN-WERKBANK</Identity></Credential></To>
    <Sender><Credential domain="NetworkID"><Identity>AN-BUYER</Identity><SharedSecret>s</SharedSecret></Credential>
      <UserAgent>u</UserAgent></Sender></Header>
  <Request><PunchOutSetupRequest operation="create"><BuyerCookie>${cookie}</BuyerCookie>
    <BrowserFormPost><URL>https://buyer.example/r</URL></BrowserFormPost></PunchOutSetupRequest></Request>
</cXML>`);
  const tricky = `Tom & Jerry's "Größe" <XL> – 5 € / ½ ß 𝄞`;
  const xml = buildPunchOutOrderMessage(
    poomInput({
      buyerCookieRaw: setup.buyerCookie,
      to: setup.from,
      lines: [
        punchOutLine({
          name: tricky,
          description: `${tricky}\nzweite Zeile`,
          manufacturerName: tricky,
          productNumber: 'A&B<1>',
        }),
      ],
    }),
  );

  test('the generated document validates', () => {
    expectValid(xml);
  });

  test('cxml-base64 decodes to the exact UTF-8 document; cookie byte-identical, values unchanged', () => {
    const value = encodePoomFormValue(xml, 'cxml-base64');
    expect(value).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    expect(decoded).toBe(xml);
    expect(decoded.startsWith('<?xml')).toBe(true);
    const message = parsePunchOutOrderMessage(Buffer.from(value, 'base64'));
    expect(message.buyerCookie).toBe(cookie);
    expect(message.items[0]).toMatchObject({
      shortName: tricky,
      description: `${tricky}\nzweite Zeile`,
      manufacturerName: tricky,
      supplierPartId: 'A&B<1>',
    });
  });

  test('cxml-urlencoded is pure US-ASCII, not percent-encoded, and parses to the same values', () => {
    const value = encodePoomFormValue(xml, 'cxml-urlencoded');
    expect(value).not.toMatch(/[^\t\n\r\x20-\x7E]/);
    expect(value.startsWith(`${XML_DECLARATION}\n<!DOCTYPE cXML`)).toBe(true);
    expect(value).not.toMatch(/%3C|%3c/);
    expect(value).toContain('&#8364;');
    const message = parsePunchOutOrderMessage(value);
    expect(message.items[0]).toMatchObject({
      shortName: tricky,
      description: `${tricky}\nzweite Zeile`,
      manufacturerName: tricky,
      supplierPartId: 'A&B<1>',
    });
    // The cookie's characters survive; its non-ASCII characters are now references.
    expect(parseXml(`<c>${message.buyerCookie}</c>`).children[0]?.children[0]?.text).toBe('€');
    expectValid(value);
  });

  test('an ASCII BuyerCookie is byte-identical in the cxml-urlencoded form too', () => {
    const ascii = '<A x="1">y &amp; z</A>';
    const doc = buildPunchOutOrderMessage(poomInput({ buyerCookieRaw: ascii }));
    expect(parsePunchOutOrderMessage(encodePoomFormValue(doc, 'cxml-urlencoded')).buyerCookie).toBe(ascii);
  });

  test('non-ASCII inside a CDATA section of the cookie survives cxml-urlencoded as character data', () => {
    const doc = buildPunchOutOrderMessage(poomInput({ buyerCookieRaw: '<![CDATA[Grüße <&>]]>' }));
    const value = encodePoomFormValue(doc, 'cxml-urlencoded');
    expect(value).not.toMatch(/[^\t\n\r\x20-\x7E]/);
    const root = parseXml(value);
    expect(path(root, 'Message', 'PunchOutOrderMessage', 'BuyerCookie')?.text).toBe('Grüße <&>');
  });

  test('a non-ASCII element name cannot go as cxml-urlencoded (use cxml-base64)', () => {
    const doc = buildPunchOutOrderMessage(poomInput({ buyerCookieRaw: '<Bäcker/>' }));
    expect(() => encodePoomFormValue(doc, 'cxml-urlencoded')).toThrow(/cxml-base64/);
    expect(parsePunchOutOrderMessage(Buffer.from(encodePoomFormValue(doc, 'cxml-base64'), 'base64')).buyerCookie).toBe(
      '<Bäcker/>',
    );
  });

  test('characters XML does not allow are dropped, so the document stays well-formed', () => {
    const doc = buildPunchOutOrderMessage(
      poomInput({ lines: [punchOutLine({ name: 'A\u0000B\u0007C\uFFFF\uD800' })] }),
    );
    expect(path(itemIns(doc)[0], 'ItemDetail', 'Description', 'ShortName')?.text).toBe('ABC');
    expectValid(doc);
  });
});
