import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CxmlParseError } from './errors.ts';
import { cxmlSample, cxmlSampleNames } from './testing/samples.ts';
import { startRequestCounter, type RequestCounter } from './testing/request-counter.ts';
import { child, innerXml, parseXml, path } from './xml-safe.ts';

function refusal(run: () => unknown): CxmlParseError {
  try {
    run();
  } catch (error) {
    if (error instanceof CxmlParseError) return error;
    throw error;
  }
  throw new Error('expected a CxmlParseError');
}

describe('parseXml: reading', () => {
  test.each(cxmlSampleNames())('the published sample %s is well-formed XML', (name) => {
    const root = parseXml(cxmlSample(name));
    expect(root.name.toLowerCase()).toBe('cxml');
  });

  test('a DOCTYPE is recorded with its system id and the cXML version it names', () => {
    const root = parseXml(cxmlSample('cxml-php__PunchOutSetupRequest.xml'));
    expect(root.doctype).toEqual({
      name: 'cXML',
      publicId: null,
      systemId: 'http://xml.cxml.org/schemas/cXML/1.2.050/cXML.dtd',
      cxmlVersion: '1.2.050',
    });
    expect(parseXml(cxmlSample('cxml-php__OrderRequest.xml')).doctype?.cxmlVersion).toBe('1.2.050');
    expect(parseXml(cxmlSample('officeluv-cxml__punch_out_setup_request_doc.xml')).doctype).toBeNull();
  });

  test('elements keep name, attributes (xml:lang with its prefix), children and resolved text', () => {
    const root = parseXml('<a xml:lang="de" b="x &amp; y"><c>1 &lt; 2</c><c><![CDATA[<raw>]]></c></a>');
    expect(root.attributes).toEqual({ 'xml:lang': 'de', b: 'x & y' });
    expect(root.children.map((c) => c.text)).toEqual(['1 < 2', '<raw>']);
    expect(path(root, 'c')?.name).toBe('c');
  });

  test('the raw inner XML of an element is recovered byte-identically, markup, references and CDATA included', () => {
    const cookie = '\n  <Session id="a&amp;b">x &amp; y &#x20AC; <![CDATA[<&>]]><!-- c --><n/></Session>\n';
    const root = parseXml(`<?xml version="1.0"?><r><BuyerCookie>${cookie}</BuyerCookie><e/></r>`);
    const element = child(root, 'BuyerCookie');
    expect(element && innerXml(root, element)).toBe(cookie);
    const empty = child(root, 'e');
    expect(empty && innerXml(root, empty)).toBe('');
  });

  test('the raw inner XML survives non-ASCII text and an end tag with trailing whitespace', () => {
    const root = parseXml('<r><BuyerCookie>Grüße €𝄞</BuyerCookie  ></r>');
    const element = child(root, 'BuyerCookie');
    expect(element && innerXml(root, element)).toBe('Grüße €𝄞');
  });

  test('UTF-8 bytes are decoded and a byte order mark is skipped', () => {
    const bytes = new TextEncoder().encode('\uFEFF<?xml version="1.0" encoding="UTF-8"?><a>Grüße €</a>');
    expect(parseXml(bytes).text).toBe('Grüße €');
  });

  test('an internal subset without entity declarations is ignored', () => {
    const root = parseXml('<!DOCTYPE cXML SYSTEM "cXML.dtd" [ <!ELEMENT foo ANY> ]><cXML/>');
    expect(root.doctype?.systemId).toBe('cXML.dtd');
  });
});

describe('parseXml: refusals (Status 406)', () => {
  test('a document that is not well-formed is refused with status 406', () => {
    const error = refusal(() => parseXml('<cXML><Header></cXML>'));
    expect(error.code).toBe(406);
    expect(error.message).toMatch(/not well-formed/i);
  });

  test('an entity declared in the internal subset (external entity, XXE) is refused', () => {
    const xml = '<!DOCTYPE cXML [<!ENTITY x SYSTEM "http://127.0.0.1:1/x">]><cXML>&x;</cXML>';
    expect(refusal(() => parseXml(xml)).message).toMatch(/entity declarations are not accepted/i);
  });

  test('entity expansion (billion laughs) is refused before any expansion', () => {
    const lol = ['<!ENTITY lol "lol">'];
    for (let i = 1; i <= 9; i += 1) lol.push(`<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`);
    const xml = `<?xml version="1.0"?><!DOCTYPE lolz [${lol.join('')}]><lolz>&lol9;</lolz>`;
    const error = refusal(() => parseXml(xml));
    expect(error.code).toBe(406);
    expect(error.message).toMatch(/entity declarations/i);
  });

  test('a parameter entity declaration is refused', () => {
    const xml = '<!DOCTYPE cXML [<!ENTITY % p SYSTEM "http://127.0.0.1:1/p.dtd"> %p;]><cXML/>';
    expect(refusal(() => parseXml(xml)).code).toBe(406);
  });

  test('a reference to an undefined entity is refused', () => {
    expect(refusal(() => parseXml('<cXML>&nbsp;</cXML>')).message).toMatch(/undefined entity/i);
  });

  test('a body above the size limit is refused before parsing, with a text that says it is too large', () => {
    const big = `<cXML>${'x'.repeat(1024 * 1024)}`; // also not well-formed: the size check must come first
    const error = refusal(() => parseXml(big));
    expect(error.code).toBe(406);
    expect(error.message).toMatch(/too large: 1048582 bytes, the limit is 1048576 bytes/);
    expect(refusal(() => parseXml('<a>€€</a>', { maxBytes: 10 })).message).toMatch(/too large: 13 bytes/);
    expect(parseXml('<a>€</a>', { maxBytes: 10 }).text).toBe('€');
  });

  test('elements nested deeper than the limit (default 100) are refused', () => {
    const nested = (depth: number): string => '<a>'.repeat(depth) + '</a>'.repeat(depth);
    expect(() => parseXml(nested(100))).not.toThrow();
    expect(refusal(() => parseXml(nested(101))).message).toMatch(/deeper than 100/);
    expect(refusal(() => parseXml(nested(6), { maxDepth: 5 })).code).toBe(406);
  });

  test('a document with more nodes than the limit is refused', () => {
    const many = `<a>${'<b/>'.repeat(50_000)}</a>`;
    expect(refusal(() => parseXml(many)).message).toMatch(/more than 50000 nodes/);
    expect(refusal(() => parseXml('<a>x<b/>y<c/></a>', { maxNodes: 4 })).code).toBe(406);
    expect(() => parseXml('<a>x<b/>y<c/></a>', { maxNodes: 5 })).not.toThrow();
  });

  test('bytes that are not UTF-8, or declare another encoding, are refused', () => {
    expect(refusal(() => parseXml(Uint8Array.from([0x3c, 0x61, 0x3e, 0xff, 0x3c, 0x2f, 0x61, 0x3e]))).message).toMatch(
      /not valid UTF-8/,
    );
    const latin1 = new TextEncoder().encode('<?xml version="1.0" encoding="ISO-8859-1"?><a/>');
    expect(refusal(() => parseXml(latin1)).message).toMatch(/Unsupported encoding "ISO-8859-1"/);
  });

  test('a document without a root element is refused', () => {
    expect(refusal(() => parseXml('<?xml version="1.0"?>')).code).toBe(406);
  });
});

describe('parseXml: no network access', () => {
  let server: RequestCounter;
  beforeAll(async () => {
    server = await startRequestCounter();
  });
  afterAll(async () => {
    await server.close();
  });

  test('the DTD named in the DOCTYPE is never fetched, and an external entity is refused without a request', async () => {
    const doctype = `<!DOCTYPE cXML SYSTEM "${server.url}/schemas/cXML/1.2.071/cXML.dtd">`;
    const root = parseXml(`<?xml version="1.0"?>${doctype}<cXML payloadID="1" timestamp="t"/>`);
    expect(root.doctype?.systemId).toBe(`${server.url}/schemas/cXML/1.2.071/cXML.dtd`);
    expect(root.doctype?.cxmlVersion).toBe('1.2.071');
    const xxe = `<!DOCTYPE cXML SYSTEM "${server.url}/d.dtd" [<!ENTITY x SYSTEM "${server.url}/x">]><cXML>&x;</cXML>`;
    expect(refusal(() => parseXml(xxe)).code).toBe(406);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.count()).toBe(0);
    // Control: the server does count a request that is made.
    await fetch(`${server.url}/control`);
    expect(server.count()).toBe(1);
  });
});
