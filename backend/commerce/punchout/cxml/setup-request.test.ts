import { describe, expect, test } from 'vitest';
import { parseCxmlTimestamp } from './envelope.ts';
import { CxmlError } from './errors.ts';
import { parseSetupRequest } from './setup-request.ts';
import { cxmlSample } from './testing/samples.ts';

const HEADER = `<Header>
    <From><Credential domain="NetworkID"><Identity>AN0100000123</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>123456789</Identity></Credential></To>
    <Sender><Credential domain="NetworkID"><Identity>AN0100000123</Identity><SharedSecret>abc</SharedSecret></Credential>
      <UserAgent>Buyer 1.0</UserAgent></Sender>
  </Header>`;

/** A setup request around `body` (the PunchOutSetupRequest's children). */
function request(body: string, { operation = 'create', timestamp = '2024-05-02T10:00:00+02:00', mode = '' } = {}) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.071/cXML.dtd">
<cXML payloadID="42@buyer.example" timestamp="${timestamp}" xml:lang="de-DE">
  ${HEADER}
  <Request${mode ? ` deploymentMode="${mode}"` : ''}>
    <PunchOutSetupRequest operation="${operation}">${body}</PunchOutSetupRequest>
  </Request>
</cXML>`;
}

const COOKIE = '<BuyerCookie>c1</BuyerCookie>';
const FORM_POST = '<BrowserFormPost><URL>https://buyer.example/return</URL></BrowserFormPost>';

function failure(run: () => unknown): CxmlError {
  try {
    run();
  } catch (error) {
    if (error instanceof CxmlError) return error;
    throw error;
  }
  throw new Error('expected a CxmlError');
}

describe('parseSetupRequest: published samples', () => {
  test('the cxml-php request is read completely', () => {
    const setup = parseSetupRequest(cxmlSample('cxml-php__PunchOutSetupRequest.xml'));
    expect(setup).toMatchObject({
      payloadId: '933695160890',
      timestampRaw: '2023-01-23T16:00:06-01:00',
      lang: 'en-US',
      declaredVersion: '1.2.050',
      deploymentMode: 'test',
      operation: 'create',
      buyerCookie: '550bce3e592023b2e7b015307f965133',
      browserFormPostUrl: 'https://prominate-platform.com/hook-url',
      supplierSetupUrl: 'http://workchairs.com/cxml',
      extrinsics: { UserEmail: 'john-doe@domain.com' },
      contacts: [],
      shipTo: { addressId: null, name: 'Acme' },
      selectedItem: { supplierPartId: '4545321', supplierPartAuxiliaryId: null },
      from: [{ domain: 'NetworkId', identity: 'inbound@prominate-platform.com', marketplace: false }],
      to: [{ domain: 'NetworkId', identity: 'supplier@supplier.com', marketplace: false }],
      sender: [{ domain: 'NetworkId', identity: 'inbound@prominate-platform.com', sharedSecret: 's3cr3t' }],
      userAgent: 'Workchairs cXML Application',
    });
    expect(setup.timestamp?.toISOString()).toBe('2023-01-23T17:00:06.000Z');
    expect(setup.items).toHaveLength(2);
    expect(setup.items[0]).toMatchObject({
      quantity: 2,
      lineNumber: 10,
      requestedDeliveryDate: '2023-01-23T16:00:06-01:00',
      supplierPartId: '5555',
      supplierPartAuxiliaryId: null,
      buyerPartId: null,
      unitPrice: { currency: 'EUR', amount: '763.20', minor: 76320n },
      unitOfMeasure: 'EA',
      shortName: 'Excelsior Desk Chair',
      description: null,
      descriptionLang: 'en',
      classifications: [{ domain: 'UNSPSC', code: 'ean1234' }],
    });
  });

  test('the officeluv request (no DOCTYPE, URLs wrapped in whitespace) is accepted with trimmed URLs', () => {
    const setup = parseSetupRequest(cxmlSample('officeluv-cxml__punch_out_setup_request_doc.xml'));
    expect(setup).toMatchObject({
      payloadId: 'demoSCAWIG@IESAonline',
      lang: 'en-UK',
      declaredVersion: null,
      deploymentMode: 'production',
      operation: 'create',
      buyerCookie: 'demoSCAWIGP',
      browserFormPostUrl: 'http://return_to_supplier_url.com',
      supplierSetupUrl: 'http://localhost:3000',
      sender: [{ domain: 'IESAnetworkUserID', identity: '88888888', sharedSecret: '{shared secret in here}' }],
      userAgent: 'IESAonlinevers1',
      shipTo: null,
      items: [],
    });
  });

  test('the officeluv request with a ShipTo is accepted and keeps the address id and name', () => {
    const setup = parseSetupRequest(cxmlSample('officeluv-cxml__punch_out_setup_request_doc_with_ship_to.xml'));
    expect(setup.shipTo).toEqual({ addressId: '3119', name: 'jmadden' });
  });
});

describe('parseSetupRequest: lenient input', () => {
  test('Contact before BrowserFormPost (a DTD order violation seen in a Coupa request) is accepted', () => {
    const setup = parseSetupRequest(
      request(`${COOKIE}
        <Extrinsic name="UniqueName">jdoe</Extrinsic>
        <Contact role="endUser"><Name xml:lang="en">Jane Doe</Name><Email>jane@buyer.example</Email>
          <Email>j.doe@buyer.example</Email></Contact>
        ${FORM_POST}`),
    );
    expect(setup.browserFormPostUrl).toBe('https://buyer.example/return');
    expect(setup.contacts).toEqual([
      { role: 'endUser', name: 'Jane Doe', emails: ['jane@buyer.example', 'j.doe@buyer.example'] },
    ]);
    expect(setup.extrinsics).toEqual({ UniqueName: 'jdoe' });
  });

  test('children in any order are found by name', () => {
    const setup = parseSetupRequest(
      request(`<SupplierSetup><URL> https://shop.example/cxml </URL></SupplierSetup>${FORM_POST}
        <Extrinsic name="CostCenter">4711</Extrinsic>${COOKIE}`),
    );
    expect(setup).toMatchObject({
      buyerCookie: 'c1',
      supplierSetupUrl: 'https://shop.example/cxml',
      extrinsics: { CostCenter: '4711' },
    });
  });

  test('a request without extrinsics or contacts succeeds', () => {
    const setup = parseSetupRequest(request(COOKIE + FORM_POST));
    expect(setup.extrinsics).toEqual({});
    expect(setup.contacts).toEqual([]);
    expect(setup.deploymentMode).toBe('production');
  });

  test('deploymentMode="test" is reported as test', () => {
    expect(parseSetupRequest(request(COOKIE + FORM_POST, { mode: 'test' })).deploymentMode).toBe('test');
  });

  test.each([
    ['2018-01-01T00:00:00-0500', '2018-01-01T05:00:00.000Z'],
    ['2020-09-25 15:30:43+02:00', '2020-09-25T13:30:43.000Z'],
    ['Mon May 19 18:29:48 +0000 2008', '2008-05-19T18:29:48.000Z'],
    ['2024-05-02T10:00:00.123Z', '2024-05-02T10:00:00.123Z'],
    ['2016-04-20T04:34:19', null],
    ['yesterday', null],
  ])('the timestamp %s is kept raw and read as %s', (raw, iso) => {
    const setup = parseSetupRequest(request(COOKIE + FORM_POST, { timestamp: raw }));
    expect(setup.timestampRaw).toBe(raw);
    expect(setup.timestamp?.toISOString() ?? null).toBe(iso);
    expect(parseCxmlTimestamp(raw)?.toISOString() ?? null).toBe(iso);
  });

  test('the BuyerCookie comes back byte-identical, nested elements and entity references included', () => {
    const cookie = '\n  <Session a="1 &amp; 2"><Id>x&amp;y &lt;z&gt;</Id><![CDATA[&]]></Session>\n';
    expect(parseSetupRequest(request(`<BuyerCookie>${cookie}</BuyerCookie>${FORM_POST}`)).buyerCookie).toBe(cookie);
  });

  test('an edit request carries its ItemOut lines (the cart to re-create)', () => {
    const setup = parseSetupRequest(
      request(
        `${COOKIE}${FORM_POST}
        <ItemOut quantity="2.5" lineNumber="1">
          <ItemID><SupplierPartID>A-1</SupplierPartID>
            <SupplierPartAuxiliaryID>0123.abc</SupplierPartAuxiliaryID><BuyerPartID>K-9</BuyerPartID></ItemID>
          <ItemDetail><UnitPrice><Money currency="EUR">1,234.50</Money></UnitPrice>
            <Description xml:lang="de"><ShortName>Kabel</ShortName>Kabel NYM-J 3x1,5</Description>
            <UnitOfMeasure>MTR</UnitOfMeasure><Classification domain="UNSPSC">26121600</Classification>
          </ItemDetail>
        </ItemOut>`,
        { operation: 'edit' },
      ),
    );
    expect(setup.operation).toBe('edit');
    expect(setup.items).toEqual([
      {
        quantity: 2.5,
        lineNumber: 1,
        requestedDeliveryDate: null,
        supplierPartId: 'A-1',
        supplierPartAuxiliaryId: '0123.abc',
        buyerPartId: 'K-9',
        unitPrice: { currency: 'EUR', amount: '1234.50', minor: 123450n },
        unitOfMeasure: 'MTR',
        description: 'Kabel NYM-J 3x1,5',
        shortName: 'Kabel',
        descriptionLang: 'de',
        classifications: [{ domain: 'UNSPSC', code: '26121600' }],
        manufacturerPartId: null,
        manufacturerName: null,
        url: null,
        leadTime: null,
      },
    ]);
  });

  test.each(['create', 'edit', 'inspect', 'source'])('the operation %s is accepted', (operation) => {
    expect(parseSetupRequest(request(COOKIE + FORM_POST, { operation })).operation).toBe(operation);
  });
});

describe('parseSetupRequest: refusals', () => {
  test('a missing BuyerCookie is refused with 400 and an explanation', () => {
    const error = failure(() => parseSetupRequest(request(FORM_POST)));
    expect(error.code).toBe(400);
    expect(error.message).toMatch(/BuyerCookie is required/);
  });

  test('a missing BrowserFormPost is refused with 400: a BrowserFormPost URL is required as the return address', () => {
    const error = failure(() => parseSetupRequest(request(COOKIE)));
    expect(error.code).toBe(400);
    expect(error.message).toMatch(/a BrowserFormPost URL is required as the return address/i);
    expect(
      failure(() => parseSetupRequest(request(`${COOKIE}<BrowserFormPost><URL> </URL></BrowserFormPost>`))).code,
    ).toBe(400);
  });

  test('an unknown operation is refused with 450 Not Implemented', () => {
    const error = failure(() => parseSetupRequest(request(COOKIE + FORM_POST, { operation: 'cancel' })));
    expect(error.code).toBe(450);
  });

  test('a root element spelled "cxml" is refused with 406', () => {
    const xml = request(COOKIE + FORM_POST)
      .replace('<cXML ', '<cxml ')
      .replace('</cXML>', '</cxml>');
    expect(failure(() => parseSetupRequest(xml)).code).toBe(406);
  });

  test('a document that is not a PunchOutSetupRequest is refused with 400', () => {
    const xml = cxmlSample('cxml-php__OrderRequest.xml');
    expect(failure(() => parseSetupRequest(xml)).code).toBe(400);
  });

  test('a document without Header or payloadID is refused with 406', () => {
    expect(failure(() => parseSetupRequest('<cXML payloadID="1" timestamp="t"><Request/></cXML>')).code).toBe(406);
    expect(
      failure(() => parseSetupRequest(request(COOKIE + FORM_POST).replace('payloadID="42@buyer.example"', ''))).code,
    ).toBe(406);
  });

  test('an external entity in the request is refused with 406 before anything is read', () => {
    const xml = request(COOKIE + FORM_POST).replace(
      '<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.071/cXML.dtd">',
      '<!DOCTYPE cXML [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
    );
    expect(failure(() => parseSetupRequest(xml)).code).toBe(406);
  });
});
