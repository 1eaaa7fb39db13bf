import { describe, expect, test } from 'vitest';
import { renderAutoSubmitPage, type AutoSubmitPageInput } from '../auto-submit-form.ts';
import { PunchOutInputError } from '../errors.ts';
import { DEFAULT_OCI_SETTINGS, type OciSettings } from '../punchout-line.ts';
import { ociItems, parsePage } from '../testing/html-forms.ts';
import { parseOciCallUp, type OciCallUp } from './call-up.ts';
import {
  OCI_BACKGROUND_SEARCH_MAX_HITS,
  ociBackgroundSearchPage,
  ociCartReturnPage,
  ociFunctionKind,
  ociSearchTerm,
  ociValidatePage,
  ociValidateQuantity,
} from './functions.ts';
import { testLine } from './testing/lines.ts';

const HOOK = 'https://srm.example.com/sap/bc/bsp/sap/bbp_oci?sap-client=100&sap-language=DE';
const SETTINGS: OciSettings = { ...DEFAULT_OCI_SETTINGS, hookOrigins: ['https://srm.example.com'] };
const TEXT = { title: 'Warenkorb', visibleText: 'Ihr Warenkorb wird übertragen …', submitLabel: 'Weiter' };

function callUp(fields: Record<string, string> = {}): OciCallUp {
  return parseOciCallUp(new URLSearchParams({ HOOK_URL: HOOK, ...fields }));
}

/** Renders the page and reads it back like a browser: decoded with the announced charset, parsed with parse5. */
function browse(page: AutoSubmitPageInput, scripting = true) {
  const rendered = renderAutoSubmitPage(page);
  const parsed = parsePage(new TextDecoder(page.charset).decode(rendered.body), { scripting });
  const form = parsed.forms[0];
  const fields = form ? form.inputs.map(({ name, value }): [string, string] => [name, value]) : [];
  return { rendered, parsed, form, fields, items: ociItems(fields) };
}

function reason(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof PunchOutInputError) return error.reason;
    throw error;
  }
  return 'no error';
}

describe('ociFunctionKind', () => {
  test('no FUNCTION is a normal session; the OCI functions are recognised without regard to case', () => {
    expect(ociFunctionKind(undefined)).toBe('none');
    expect(ociFunctionKind(' ')).toBe('none');
    expect(ociFunctionKind('detail')).toBe('DETAIL');
    expect(ociFunctionKind('VALIDATE')).toBe('VALIDATE');
    expect(ociFunctionKind('Background_Search')).toBe('BACKGROUND_SEARCH');
    expect(ociFunctionKind('SOURCING')).toBe('SOURCING');
  });

  test('unknown FUNCTION values do not fail: they are reported as unknown', () => {
    for (const fn of ['DOWNLOAD', 'QUANTITY_CHECK', 'DETAILADD', '<script>'])
      expect(ociFunctionKind(fn)).toBe('unknown');
  });
});

describe('ociCartReturnPage', () => {
  test('one POST form whose action is HOOK_URL without its query string, the query parameters as decoded hidden fields', () => {
    const { parsed, form, fields } = browse(ociCartReturnPage([testLine()], SETTINGS, callUp(), TEXT));
    expect(parsed.forms).toHaveLength(1);
    expect(form?.attributes['method']).toBe('POST');
    expect(form?.attributes['action']).toBe('https://srm.example.com/sap/bc/bsp/sap/bbp_oci');
    expect(fields.slice(0, 2)).toEqual([
      ['sap-client', '100'],
      ['sap-language', 'DE'],
    ]);
    expect(form?.inputs.every((input) => input.type === 'hidden')).toBe(true);
  });

  test('the form target is returntarget, else ~TARGET, else _top', () => {
    const target = (fields: Record<string, string>) =>
      browse(ociCartReturnPage([], SETTINGS, callUp(fields), TEXT)).form?.attributes['target'];
    expect(target({ returntarget: 'rt', '~TARGET': 'frame' })).toBe('rt');
    expect(target({ '~TARGET': 'frame' })).toBe('frame');
    expect(target({})).toBe('_top');
  });

  test('hidden fields ~OkCode=ADDI, ~CALLER=CTLG and ~TARGET are echoed', () => {
    const withSap = browse(ociCartReturnPage([], SETTINGS, callUp({ '~okcode': 'ADDI', '~TARGET': '_parent' }), TEXT));
    expect(withSap.fields).toEqual(
      expect.arrayContaining([
        ['~OkCode', 'ADDI'],
        ['~TARGET', '_parent'],
        ['~CALLER', 'CTLG'],
      ]),
    );
    const defaults = browse(ociCartReturnPage([], SETTINGS, callUp(), TEXT)).fields;
    expect(defaults).toEqual(
      expect.arrayContaining([
        ['~OkCode', 'ADDI'],
        ['~TARGET', '_top'],
        ['~CALLER', 'CTLG'],
      ]),
    );
  });

  test('SAP fields already in HOOK_URL are not sent twice; echoing can be switched off', () => {
    const hook = 'https://srm.example.com/r?~OkCode=ADDI&~caller=CTLG';
    const { fields } = browse(ociCartReturnPage([], SETTINGS, callUp({ HOOK_URL: hook }), TEXT));
    expect(fields.filter(([name]) => name.toLowerCase() === '~okcode')).toHaveLength(1);
    expect(fields.filter(([name]) => name.toLowerCase() === '~caller')).toHaveLength(1);
    const off = browse(ociCartReturnPage([], { ...SETTINGS, echoSapFields: false }, callUp(), TEXT)).fields;
    expect(off.some(([name]) => name.startsWith('~'))).toBe(false);
  });

  test('the cart is auto-submitted with the given texts; the item fields follow the SAP fields', () => {
    const page = ociCartReturnPage([testLine(), testLine({ productNumber: 'WB-2' })], SETTINGS, callUp(), TEXT);
    const { parsed, rendered, items, fields } = browse(page, false);
    expect(rendered.scriptHashes).toHaveLength(1);
    expect(parsed.visibleText).toBe('Ihr Warenkorb wird übertragen … Weiter');
    expect([...items.keys()]).toEqual([1, 2]);
    expect(fields.findIndex(([name]) => name.startsWith('NEW_ITEM-'))).toBe(5);
  });

  test('an empty cart (cancel) posts the form without item fields', () => {
    const { form, items } = browse(ociCartReturnPage([], SETTINGS, callUp(), TEXT));
    expect(form).toBeDefined();
    expect(items.size).toBe(0);
  });

  test.each(['UTF-8', 'ISO-8859-1'])(
    'names with " < > &, umlauts and € arrive unchanged in a page in the announced charset (%s)',
    (charset) => {
      const name = 'Kabel 19" <Cat 6> & Stecker, Länge 2 m – 12 €';
      const description = 'Für Schränke „Profi“ – ÄÖÜ äöü ß; Preis in €';
      const { items, rendered } = browse(
        ociCartReturnPage([testLine({ name, description })], SETTINGS, callUp({ http_content_charset: charset }), TEXT),
      );
      expect(rendered.contentType).toBe(`text/html; charset=${charset}`);
      expect(items.get(1)?.['DESCRIPTION']).toBe(name.slice(0, 40).trimEnd());
      expect(items.get(1)?.['LONGTEXT']).toBe(`${name}\n\n${description}`);
    },
  );

  test('without http_content_charset the page is ISO-8859-1 and its bytes are windows-1252', () => {
    const { rendered, items } = browse(ociCartReturnPage([testLine({ name: 'Maß 5 €' })], SETTINGS, callUp(), TEXT));
    expect(rendered.contentType).toBe('text/html; charset=ISO-8859-1');
    expect(rendered.body.includes(Buffer.from([0x4d, 0x61, 0xdf, 0x20, 0x35, 0x20, 0x80]))).toBe(true);
    expect(items.get(1)?.['DESCRIPTION']).toBe('Maß 5 €');
  });

  test('a missing or not allowlisted HOOK_URL is refused before anything is rendered', () => {
    expect(reason(() => ociCartReturnPage([], SETTINGS, parseOciCallUp(new URLSearchParams()), TEXT))).toBe(
      'return-url-missing',
    );
    expect(reason(() => ociCartReturnPage([], SETTINGS, callUp({ HOOK_URL: 'javascript:alert(1)' }), TEXT))).toBe(
      'return-url-scheme',
    );
    expect(reason(() => ociCartReturnPage([], SETTINGS, callUp({ HOOK_URL: 'https://evil.example/r' }), TEXT))).toBe(
      'return-url-origin',
    );
  });

  test('SAPEVENT:POST is the action when the buyer lists SAPEVENT:', () => {
    const settings = { ...SETTINGS, hookOrigins: ['SAPEVENT:'] };
    const { form } = browse(ociCartReturnPage([testLine()], settings, callUp({ HOOK_URL: 'SAPEVENT:POST' }), TEXT));
    expect(form?.attributes['action']).toBe('SAPEVENT:POST');
  });
});

describe('FUNCTION=VALIDATE', () => {
  const validate = callUp({ FUNCTION: 'VALIDATE', PRODUCTID: '0190a1b2c3d4e5f60718293a4b5c6d7e', QUANTITY: '5' });

  test('a form with only hidden inputs for exactly that item, auto-submitted by script, no visible text or buttons', () => {
    const line = testLine({ quantity: 5, unitPrice: 1100n, totalPrice: 5500n });
    for (const scripting of [true, false]) {
      const { parsed, form, items, rendered } = browse(ociValidatePage(line, SETTINGS, validate), scripting);
      expect(parsed.forms).toHaveLength(1);
      expect(form?.inputs.every((input) => input.type === 'hidden')).toBe(true);
      expect(form?.otherElements).toEqual([]);
      expect(parsed.visibleText).toBe('');
      expect(parsed.elements).not.toContain('button');
      expect(rendered.scriptHashes).toHaveLength(1);
      expect([...items.keys()]).toEqual([1]);
      expect(items.get(1)).toMatchObject({
        EXT_PRODUCT_ID: '0190a1b2c3d4e5f60718293a4b5c6d7e',
        QUANTITY: '5.000',
        PRICE: '11.00',
      });
    }
  });

  test('an unknown or discontinued product gives a page with no form and no NEW_ITEM fields', () => {
    const { parsed, rendered } = browse(ociValidatePage(null, SETTINGS, validate));
    expect(parsed.forms).toEqual([]);
    expect(parsed.elements).not.toContain('input');
    expect(parsed.scripts).toEqual([]);
    expect(rendered.body.toString('latin1')).not.toContain('NEW_ITEM');
  });

  test('the price is asked for the call-up QUANTITY (1 when absent); malformed quantities are refused', () => {
    expect(ociValidateQuantity(validate)).toBe(5);
    expect(ociValidateQuantity({ quantity: '00000000012.500' })).toBe(12.5);
    expect(ociValidateQuantity({ quantity: undefined })).toBe(1);
    for (const quantity of ['0', '-1', '1,5', '1e3', 'abc', '1.2345']) {
      expect(
        reason(() => ociValidateQuantity({ quantity })),
        quantity,
      ).toBe('quantity-invalid');
    }
  });
});

describe('FUNCTION=BACKGROUND_SEARCH', () => {
  const search = (term: string | undefined) =>
    callUp(
      term === undefined ? { FUNCTION: 'BACKGROUND_SEARCH' } : { FUNCTION: 'BACKGROUND_SEARCH', SEARCHSTRING: term },
    );
  const hits = (n: number) => Array.from({ length: n }, (_, i) => testLine({ productNumber: `WB-${i + 1}` }));

  test('all hits are NEW_ITEM fields in the initial HTML, with no script and no auto-submit', () => {
    const { parsed, items, rendered, form } = browse(
      ociBackgroundSearchPage(hits(3), SETTINGS, search('bohrer')),
      false,
    );
    expect(rendered.scriptHashes).toEqual([]);
    expect(parsed.scripts).toEqual([]);
    expect(parsed.visibleText).toBe('');
    expect(form?.attributes['action']).toBe('https://srm.example.com/sap/bc/bsp/sap/bbp_oci');
    expect([...items.values()].map((item) => item['VENDORMAT'])).toEqual(['WB-1', 'WB-2', 'WB-3']);
  });

  test('the hit count is capped', () => {
    const { items } = browse(ociBackgroundSearchPage(hits(OCI_BACKGROUND_SEARCH_MAX_HITS + 7), SETTINGS, search('x')));
    expect(items.size).toBe(OCI_BACKGROUND_SEARCH_MAX_HITS);
    const small = browse(ociBackgroundSearchPage(hits(10), { ...SETTINGS, maxLines: 4 }, search('x')));
    expect(small.items.size).toBe(4);
  });

  test('an empty or missing term gives a form with zero items; so do no hits', () => {
    for (const term of ['', '   ', undefined]) {
      const { form, items } = browse(ociBackgroundSearchPage(hits(3), SETTINGS, search(term)));
      expect(form).toBeDefined();
      expect(items.size).toBe(0);
    }
    expect(browse(ociBackgroundSearchPage([], SETTINGS, search('nothing'))).items.size).toBe(0);
    expect(ociSearchTerm({ searchString: '  Bohrer 8 mm ' })).toBe('Bohrer 8 mm');
  });
});
