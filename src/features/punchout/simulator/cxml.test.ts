import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  buildSetupRequest,
  parseOrderMessage,
  parseSetupResponse,
  receivedMessage,
  redactSharedSecret,
  type CxmlItem,
} from './cxml.ts';
import { child, children, parseXml, prettyXml, textOf } from './xml.ts';

const sample = (name: string) =>
  readFileSync(path.resolve('..', 'shared', 'punchout', 'samples', 'cxml', name), 'utf8');

const item: CxmlItem = {
  quantity: '2.5',
  lineNumber: '1',
  supplierPartId: 'D-2000',
  supplierPartAuxiliaryId: 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1',
  buyerPartId: null,
  unitPrice: '12.50',
  currency: 'EUR',
  description: 'Bohrer "Profi" <18 V> & Koffer',
  shortName: null,
  language: 'de',
  unitOfMeasure: 'MTR',
  classifications: [{ domain: 'UNSPSC', code: '27112700' }],
  manufacturerPartId: null,
  manufacturerName: null,
  leadTime: null,
};

const input = {
  payloadId: '1.2.3@simulator.test',
  timestamp: '2026-11-28T09:00:00+01:00',
  from: { domain: 'NetworkID', identity: 'AN-PEETERS-T' },
  to: { domain: 'NetworkID', identity: 'AN-WERKBANK' },
  sender: { domain: 'NetworkID', identity: 'AN-PEETERS-T', sharedSecret: 'cxml-demo-secret-2026' },
  buyerCookie: 'cookie & "crumbs"',
  browserFormPost: 'http://localhost:4321/punchout-test/cxml-return',
};

describe('PunchOutSetupRequest', () => {
  test('create: header credentials with the shared secret, BuyerCookie and BrowserFormPost, no lines', () => {
    const xml = buildSetupRequest({ ...input, operation: 'create', items: [item] });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE cXML SYSTEM')).toBe(true);
    const { root } = parseXml(xml);
    expect(textOf(child(root, 'Header', 'Sender', 'Credential', 'SharedSecret'))).toBe('cxml-demo-secret-2026');
    expect(child(root, 'Header', 'From', 'Credential')?.attributes.domain).toBe('NetworkID');
    const request = child(root, 'Request', 'PunchOutSetupRequest')!;
    expect(request.attributes.operation).toBe('create');
    expect(children(request).map((c) => c.name)).toEqual(['BuyerCookie', 'BrowserFormPost']);
    expect(textOf(child(request, 'BuyerCookie'))).toBe('cookie & "crumbs"');
    expect(textOf(child(request, 'BrowserFormPost', 'URL'))).toBe(input.browserFormPost);
  });

  test('edit sends the returned lines as ItemOut with the supplier part auxiliary ID unchanged', () => {
    const { root } = parseXml(buildSetupRequest({ ...input, operation: 'edit', items: [item] }));
    const request = child(root, 'Request', 'PunchOutSetupRequest')!;
    expect(request.attributes.operation).toBe('edit');
    const [out] = children(request, 'ItemOut');
    expect(out!.attributes).toEqual({ quantity: '2.5', lineNumber: '1' });
    expect(children(child(out, 'ItemID')).map((c) => [c.name, textOf(c)])).toEqual([
      ['SupplierPartID', 'D-2000'],
      ['SupplierPartAuxiliaryID', item.supplierPartAuxiliaryId],
    ]);
    // Element order of ItemDetail as cXML.dtd prescribes.
    expect(children(child(out, 'ItemDetail')).map((c) => c.name)).toEqual([
      'UnitPrice',
      'Description',
      'UnitOfMeasure',
      'Classification',
    ]);
    expect(textOf(child(out, 'ItemDetail', 'Description'))).toBe('Bohrer "Profi" <18 V> & Koffer');
  });

  test('a request shown on the page has its shared secret hidden', () => {
    const xml = redactSharedSecret(buildSetupRequest({ ...input, operation: 'create' }));
    expect(xml).not.toContain('cxml-demo-secret-2026');
    expect(xml).toContain('<SharedSecret>•••</SharedSecret>');
  });
});

describe('PunchOutSetupResponse', () => {
  test('status and StartPage of a published answer', () => {
    expect(parseSetupResponse(sample('officeluv-cxml__response_status_200.xml'))).toEqual({
      status: { code: 200, text: 'OK', message: '' },
      startPage: 'http://localhost:3000/products',
    });
  });

  test('a Status without StartPage', () => {
    expect(parseSetupResponse(sample('officeluv-cxml__response_status_400.xml'))).toMatchObject({
      status: { code: 400 },
      startPage: null,
    });
    expect(() => parseSetupResponse('<cXML><Response/></cXML>')).toThrow(/Status/);
  });
});

describe('PunchOutOrderMessage', () => {
  test('lines, total and BuyerCookie of a published message (CDATA short names)', () => {
    const message = parseOrderMessage(sample('cxml-php__PunchoutOrderMessage.xml'));
    expect(message.buyerCookie).toBe('1CX3L4843PPZO');
    expect(message.operationAllowed).toBe('create');
    expect(message.total).toEqual({ amount: '763.20', currency: 'USD' });
    expect(message.dtd).toBe('http://xml.cXML.org/schemas/cXML/1.2.050/cXML.dtd');
    expect(message.hasSharedSecret).toBe(false);
    expect(message.items.map((i) => [i.quantity, i.supplierPartId, i.buyerPartId, i.unitPrice, i.shortName])).toEqual([
      ['3', '5555', 'KD5555', '763.20', 'Excelsior Desk Chair'],
      ['5', '666', 'KD666', '763.20', '22Excelsior Desk Chair'],
    ]);
    expect(message.items[0]!.classifications).toEqual([{ domain: 'UNSPSC', code: 'ean1234' }]);
  });

  test('a message with a shared secret in it is noticed', () => {
    expect(
      parseOrderMessage(
        sample('officeluv-cxml__punch_out_order_message_doc.xml')
          .replace(/<cxml/g, '<cXML')
          .replace(/<\/cxml>/, '</cXML>'),
      ).hasSharedSecret,
    ).toBe(true);
  });

  test('cxml-base64 is looked for first and decoded to the exact document; cxml-urlencoded is taken as it is', () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?><cXML><Message/></cXML><!-- Größe € -->';
    const base64 = Buffer.from(xml, 'utf8').toString('base64');
    expect(
      receivedMessage([
        ['CXML-URLENCODED', '<x/>'],
        ['cXML-base64', base64],
      ]),
    ).toEqual({ field: 'cxml-base64', xml });
    expect(receivedMessage([['cxml-urlencoded', '<cXML>&#8364;</cXML>']])).toEqual({
      field: 'cxml-urlencoded',
      xml: '<cXML>&#8364;</cXML>',
    });
    const latin = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><cXML>Größe</cXML>', 'latin1');
    expect(receivedMessage([['cxml-base64', latin.toString('base64')]])?.xml).toContain('Größe');
    expect(receivedMessage([['other', 'x']])).toBeNull();
  });

  test('what the simulator reads back from a message becomes the lines of an edit request unchanged', () => {
    const edit = buildSetupRequest({
      ...input,
      operation: 'edit',
      items: parseOrderMessage(sample('cxml-php__PunchoutOrderMessage.xml')).items,
    });
    const outs = children(child(parseXml(edit).root, 'Request', 'PunchOutSetupRequest'), 'ItemOut');
    expect(outs.map((o) => [o.attributes.quantity, textOf(child(o, 'ItemID', 'SupplierPartID'))])).toEqual([
      ['3', '5555'],
      ['5', '666'],
    ]);
  });
});

describe('pretty XML', () => {
  test('indents by level, keeps declaration and DOCTYPE, short elements on one line', () => {
    const pretty = prettyXml(
      '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE cXML SYSTEM "x.dtd"><cXML a="1"><Response><Status code="200" text="OK"/><X>t &amp; u</X></Response></cXML>',
    );
    expect(pretty).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE cXML SYSTEM "x.dtd">',
        '<cXML a="1">',
        '  <Response>',
        '    <Status code="200" text="OK"/>',
        '    <X>t &amp; u</X>',
        '  </Response>',
        '</cXML>',
        '',
      ].join('\n'),
    );
  });

  test('a document that is not well-formed is an error with its position', () => {
    expect(() => prettyXml('<cXML><a></cXML>')).toThrow(/1:/);
  });
});
