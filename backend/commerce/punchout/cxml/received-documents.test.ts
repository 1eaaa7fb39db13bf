import { describe, expect, test } from 'vitest';
import { CxmlError } from './errors.ts';
import { parsePunchOutOrderMessage, parseResponse } from './received-documents.ts';
import { cxmlSample } from './testing/samples.ts';
import { parseXml } from './xml-safe.ts';

function failure(run: () => unknown): CxmlError {
  try {
    run();
  } catch (error) {
    if (error instanceof CxmlError) return error;
    throw error;
  }
  throw new Error('expected a CxmlError');
}

describe('parsePunchOutOrderMessage: published samples', () => {
  test('the cxml-php PunchOutOrderMessage is read: cookie, header, lines', () => {
    const message = parsePunchOutOrderMessage(cxmlSample('cxml-php__PunchoutOrderMessage.xml'));
    expect(message).toMatchObject({
      payloadId: '933695160894',
      deploymentMode: 'production',
      status: null,
      buyerCookie: '1CX3L4843PPZO',
      operationAllowed: 'create',
      total: { currency: 'USD', amount: '763.20', minor: 76320n },
      from: [{ domain: 'DUNS', identity: '83528721' }],
      to: [{ domain: 'DUNS', identity: '65652314' }],
      sender: [{ domain: 'workchairs.com', identity: 'website 1', sharedSecret: null }],
    });
    expect(message.items.map((i) => [i.quantity, i.supplierPartId, i.buyerPartId, i.shortName])).toEqual([
      [3, '5555', 'KD5555', 'Excelsior Desk Chair'],
      [5, '666', 'KD666', '22Excelsior Desk Chair'],
    ]);
  });

  test('the advanced-pricing sample (with PriceBasisQuantity) is read', () => {
    const message = parsePunchOutOrderMessage(cxmlSample('cxml-php__PunchoutOrderMessageAdvancedPricing.xml'));
    expect(message.items[0]).toMatchObject({ quantity: 2, unitOfMeasure: 'EA', unitPrice: { minor: 10499n } });
  });

  test('the officeluv message is XML, but its root "cxml" is refused as a cXML document (406)', () => {
    const xml = cxmlSample('officeluv-cxml__punch_out_order_message_doc.xml');
    expect(parseXml(xml).name).toBe('cxml');
    expect(failure(() => parsePunchOutOrderMessage(xml)).code).toBe(406);
  });

  test('a setup request is not a PunchOutOrderMessage (406)', () => {
    expect(failure(() => parsePunchOutOrderMessage(cxmlSample('cxml-php__PunchOutSetupRequest.xml'))).code).toBe(406);
  });
});

describe('parseResponse: published samples', () => {
  test('the 200 response carries its StartPage URL', () => {
    expect(parseResponse(cxmlSample('officeluv-cxml__response_status_200.xml'))).toEqual({
      payloadId: '1346769469000.process.162998590@officedepot.com',
      timestampRaw: '2012-09-04T02:37:49-05:00',
      lang: null,
      status: { code: 200, text: 'OK', detail: '' },
      startPageUrl: 'http://localhost:3000/products',
    });
  });

  test('the 400 response (no XML declaration, no DOCTYPE) carries its text and no StartPage', () => {
    const response = parseResponse(cxmlSample('officeluv-cxml__response_status_400.xml'));
    expect(response.status).toEqual({
      code: 400,
      text: "java.lang.Exception: missing required parameter 'document'",
      detail: '',
    });
    expect(response.startPageUrl).toBeNull();
  });

  test('a document without Response/Status is refused (406)', () => {
    expect(failure(() => parseResponse(cxmlSample('cxml-php__OrderRequest.xml'))).code).toBe(406);
  });
});
