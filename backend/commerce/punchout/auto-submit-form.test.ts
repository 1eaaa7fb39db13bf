import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { renderAutoSubmitPage, type AutoSubmitPageInput } from './auto-submit-form.ts';
import { parsePage } from './testing/html-forms.ts';

const CHARSETS = ['UTF-8', 'ISO-8859-1'] as const;

function input(overrides: Partial<AutoSubmitPageInput> = {}): AutoSubmitPageInput {
  return {
    action: 'https://srm.example.com/sap/bc/bsp/sap/bbp_oci',
    fields: [
      ['sap-client', '100'],
      ['NEW_ITEM-DESCRIPTION[1]', 'Bohrer'],
    ],
    target: '_top',
    charset: 'UTF-8',
    autoSubmit: true,
    title: 'Warenkorb wird übertragen',
    ...overrides,
  };
}

/** Renders and reads the page back as a browser would: decoded with the announced charset (WHATWG labels). */
function renderAndParse(page: AutoSubmitPageInput, options: { scripting?: boolean } = {}) {
  const rendered = renderAutoSubmitPage(page);
  const html = new TextDecoder(page.charset).decode(rendered.body);
  return { rendered, html, parsed: parsePage(html, options) };
}

/** Values a cart carries that break naive HTML or charset handling. */
const TRICKY: [string, string][] = [
  ['NEW_ITEM-DESCRIPTION[1]', '19" Rack <Stahl> & Co'],
  ['NEW_ITEM-DESCRIPTION[2]', 'Größe ÄÖÜ äöü ß é ç ñ'],
  ['NEW_ITEM-DESCRIPTION[3]', 'Preis 12,50 € – „Profi“ ‚Set‘ … ™ • Œ Š Ÿ'],
  ['NEW_ITEM-LONGTEXT_1:132[]', "Zeile 1\nZeile 2\r\nZeile 3\tEnde 'x' &amp; &#916; &lt;"],
  ['name with "quotes" & <angle>', 'value'],
  ['EMPTY', ''],
];

describe('renderAutoSubmitPage', () => {
  test('the page holds exactly one POST form with the given action, target and accept-charset', () => {
    for (const charset of CHARSETS) {
      const { parsed } = renderAndParse(input({ charset, target: 'catalog_frame' }));
      expect(parsed.forms).toHaveLength(1);
      expect(parsed.forms[0]!.attributes).toEqual({
        method: 'POST',
        action: 'https://srm.example.com/sap/bc/bsp/sap/bbp_oci',
        target: 'catalog_frame',
        'accept-charset': charset,
      });
    }
  });

  test('only hidden inputs carry the fields, in the given order', () => {
    const { parsed } = renderAndParse(input());
    expect(parsed.forms[0]!.inputs).toEqual([
      { type: 'hidden', name: 'sap-client', value: '100' },
      { type: 'hidden', name: 'NEW_ITEM-DESCRIPTION[1]', value: 'Bohrer' },
    ]);
    expect(parsed.forms[0]!.otherElements).toEqual([]);
  });

  test.each(CHARSETS)(
    'values with quotes, < > &, umlauts and € round-trip through the page decoded with the announced charset (%s)',
    (charset) => {
      const { parsed } = renderAndParse(input({ charset, fields: TRICKY }));
      const back = parsed.forms[0]!.inputs.map(({ name, value }) => [name, value]);
      expect(back).toEqual(TRICKY);
    },
  );

  test.each(CHARSETS)(
    'characters outside windows-1252 (Greek, CJK, emoji) reach the form unchanged as character references (%s)',
    (charset) => {
      const fields: [string, string][] = [['NEW_ITEM-DESCRIPTION[1]', 'Δ-Schaltung 東京 🔩 Ω']];
      const { parsed, rendered } = renderAndParse(input({ charset, fields }));
      expect(parsed.forms[0]!.inputs[0]!.value).toBe('Δ-Schaltung 東京 🔩 Ω');
      if (charset === 'ISO-8859-1') {
        expect(rendered.body.toString('latin1')).toContain('&#916;-Schaltung &#26481;&#20140; &#128297; &#937;');
      }
    },
  );

  test('an ISO-8859-1 page is written in windows-1252 bytes: ä is 0xE4, € is 0x80, no UTF-8 sequences', () => {
    const { rendered } = renderAndParse(input({ charset: 'ISO-8859-1', fields: [['x', 'ä€']] }));
    const index = rendered.body.indexOf(Buffer.from([0xe4, 0x80]));
    expect(index).toBeGreaterThan(0);
    expect(rendered.body.includes(Buffer.from('ä', 'utf8'))).toBe(false);
    expect(rendered.body.includes(Buffer.from('€', 'utf8'))).toBe(false);
    expect(new TextDecoder('iso-8859-1').decode(rendered.body)).toContain('value="ä€"');
  });

  test('a UTF-8 page is written in UTF-8', () => {
    const { rendered } = renderAndParse(input({ fields: [['x', 'ä€Δ']] }));
    expect(rendered.body.includes(Buffer.from('value="ä€Δ"', 'utf8'))).toBe(true);
    expect(new TextDecoder('utf-8', { fatal: true }).decode(rendered.body)).toContain('ä€Δ');
  });

  test.each(CHARSETS)(
    'the page declares its charset in the Content-Type and early in a meta element (%s)',
    (charset) => {
      const { rendered, parsed } = renderAndParse(input({ charset }));
      expect(rendered.contentType).toBe(`text/html; charset=${charset}`);
      expect(parsed.metas).toContainEqual({ 'http-equiv': 'Content-Type', content: `text/html; charset=${charset}` });
      // Browsers look for the declaration in the first 1024 bytes (HTML Standard, "prescan a byte stream").
      expect(rendered.body.subarray(0, 1024).toString('latin1')).toContain(`charset=${charset}`);
    },
  );

  test('C1 control characters, which windows-1252 cannot carry, become U+FFFD on an ISO-8859-1 page', () => {
    const { parsed } = renderAndParse(input({ charset: 'ISO-8859-1', fields: [['x', 'a\u0080b\u0081c']] }));
    expect(parsed.forms[0]!.inputs[0]!.value).toBe('a\ufffdb\ufffdc');
  });

  test('auto-submit: one inline script whose CSP hash is returned, and running it submits the form', () => {
    const { parsed, rendered } = renderAndParse(input({ fields: [['submit', 'shadows form.submit']] }));
    expect(parsed.scripts).toHaveLength(1);
    const script = parsed.scripts[0]!;
    const expected = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(rendered.scriptHashes).toEqual([expected]);

    const submitted: unknown[] = [];
    class HTMLFormElement {
      submit() {
        submitted.push(this);
      }
    }
    const form = Object.assign(new HTMLFormElement(), { submit: 'a hidden input named submit' });
    runInNewContext(script, { HTMLFormElement, document: { forms: [form] } });
    expect(submitted).toEqual([form]);
  });

  test('without auto-submit (BACKGROUND_SEARCH) the page has no script at all', () => {
    const { parsed, rendered, html } = renderAndParse(input({ autoSubmit: false }));
    expect(parsed.scripts).toEqual([]);
    expect(html).not.toMatch(/<script|onload|javascript:/i);
    expect(rendered.scriptHashes).toEqual([]);
    expect(parsed.forms[0]!.inputs).toHaveLength(2);
  });

  test('a noscript submit button appears only when a label is given', () => {
    const withLabel = input({ submitLabel: 'Warenkorb übertragen' });
    expect(renderAndParse(withLabel, { scripting: false }).parsed.forms[0]!.otherElements).toEqual([
      'noscript',
      'button',
    ]);
    expect(renderAndParse(withLabel, { scripting: false }).parsed.visibleText).toBe('Warenkorb übertragen');
    expect(renderAndParse(withLabel, { scripting: true }).parsed.visibleText).toBe('');
    expect(renderAndParse(input(), { scripting: false }).parsed.forms[0]!.otherElements).toEqual([]);
  });

  test('without auto-submit a given label is a plain submit button', () => {
    const { parsed } = renderAndParse(input({ autoSubmit: false, submitLabel: 'Senden' }));
    expect(parsed.forms[0]!.otherElements).toEqual(['button']);
    expect(parsed.visibleText).toBe('Senden');
  });

  test('without visible text or label the page shows nothing (VALIDATE pages)', () => {
    for (const scripting of [true, false]) {
      const { parsed } = renderAndParse(input(), { scripting });
      expect(parsed.visibleText).toBe('');
      expect(parsed.elements).not.toContain('button');
    }
  });

  test('visible text is shown escaped above the form', () => {
    const { parsed } = renderAndParse(input({ visibleText: 'Übertrage <3> Positionen & mehr' }));
    expect(parsed.visibleText).toBe('Übertrage <3> Positionen & mehr');
    expect(parsed.scripts).toHaveLength(1);
  });

  test('with no action the page has no form, no fields and no script', () => {
    const { parsed, rendered } = renderAndParse(input({ action: null, fields: [] }));
    expect(parsed.forms).toEqual([]);
    expect(parsed.elements).not.toContain('input');
    expect(parsed.scripts).toEqual([]);
    expect(rendered.scriptHashes).toEqual([]);
    expect(() => renderAutoSubmitPage(input({ action: null }))).toThrow(TypeError);
  });

  test('markup in action, target, title and fields cannot leave its attribute or element', () => {
    const evil = '"><script>alert(1)</script><input name="x';
    const { parsed } = renderAndParse(
      input({
        action: `https://srm.example.com/${evil}`,
        target: evil,
        title: `</title>${evil}`,
        fields: [[evil, evil]],
      }),
    );
    expect(parsed.scripts).toHaveLength(1);
    expect(parsed.forms[0]!.attributes['target']).toBe(evil);
    expect(parsed.forms[0]!.attributes['action']).toBe(`https://srm.example.com/${evil}`);
    expect(parsed.forms[0]!.inputs).toEqual([{ type: 'hidden', name: evil, value: evil }]);
    expect(parsed.title).toBe(`</title>${evil}`);
  });

  test('a cXML order message in one hidden field arrives byte for byte (cxml-urlencoded)', () => {
    const cxml =
      '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.071/cXML.dtd">\n' +
      '<cXML payloadID="1@werkbank" timestamp="2026-01-01T00:00:00+00:00"><Description xml:lang="de">19&quot; Rack &amp; Größe €</Description></cXML>\r\n';
    const { parsed } = renderAndParse(input({ fields: [['cxml-urlencoded', cxml]] }));
    expect(parsed.forms[0]!.inputs).toEqual([{ type: 'hidden', name: 'cxml-urlencoded', value: cxml }]);
  });
});
