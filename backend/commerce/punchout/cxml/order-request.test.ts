import { describe, expect, test } from 'vitest';
import { CxmlError } from './errors.ts';
import { parseOrderRequest } from './order-request.ts';
import { cxmlSample } from './testing/samples.ts';

function failure(run: () => unknown): CxmlError {
  try {
    run();
  } catch (error) {
    if (error instanceof CxmlError) return error;
    throw error;
  }
  throw new Error('expected a CxmlError');
}

const SAMPLE = cxmlSample('cxml-php__OrderRequest.xml');

describe('parseOrderRequest', () => {
  test('the cxml-php OrderRequest is read: header, credentials, deployment mode and lines', () => {
    const order = parseOrderRequest(SAMPLE);
    expect(order).toMatchObject({
      payloadId: '1625586002.193314.7293@dev',
      timestampRaw: '2000-10-12T18:39:09-08:00',
      deploymentMode: 'test',
      from: [{ domain: 'NetworkId', identity: 'inbound@prominate-platform.com' }],
      to: [{ domain: 'NetworkId', identity: 'supplier@supplier.com' }],
      sender: [{ domain: 'NetworkId', identity: 'inbound@prominate-platform.com', sharedSecret: 'coyote' }],
      userAgent: 'Platform Order Fulfillment Hub',
      header: {
        orderId: 'DO1234',
        orderDate: '2000-10-12T18:41:29-08:00',
        type: 'new',
        orderType: 'regular',
        total: { currency: 'EUR', amount: '85.00', minor: 8500n },
        shipTo: { addressId: null, name: 'Acme' },
        billTo: { addressId: null, name: 'Zinc GmbH' },
        comments: [],
      },
    });
    expect(order.timestamp?.toISOString()).toBe('2000-10-13T02:39:09.000Z');
    expect(order.items.map((i) => [i.lineNumber, i.quantity, i.supplierPartId, i.unitPrice?.minor])).toEqual([
      [1, 10, '1233244', 210n],
      [2, 20, '1233245', 320n],
    ]);
    expect(order.items[0]).toMatchObject({
      requestedDeliveryDate: '2020-02-28T00:00:00+00:00',
      unitOfMeasure: 'EA',
      description: 'hello from item 1',
      classifications: [{ domain: 'custom', code: '0' }],
    });
  });

  test('type="update" and type="delete" are recognised, not taken for new orders', () => {
    expect(parseOrderRequest(SAMPLE.replace('type="new"', 'type="update"')).header.type).toBe('update');
    expect(parseOrderRequest(SAMPLE.replace('type="new"', 'type="delete"')).header.type).toBe('delete');
    expect(parseOrderRequest(SAMPLE.replace(' type="new"', '')).header.type).toBe('new');
    expect(failure(() => parseOrderRequest(SAMPLE.replace('type="new"', 'type="cancel"'))).code).toBe(400);
  });

  test('header comments are kept as text', () => {
    const order = parseOrderRequest(
      SAMPLE.replace('<Comments>', '<Comments xml:lang="en">Deliver to gate 3 &amp; call ahead'),
    );
    expect(order.header.comments).toEqual(['Deliver to gate 3 & call ahead']);
  });

  test('an OrderRequest without orderID or without ItemOut is refused with 400', () => {
    expect(failure(() => parseOrderRequest(SAMPLE.replace('orderID="DO1234"', ''))).code).toBe(400);
    const noLines = SAMPLE.replace(/<ItemOut[\s\S]*<\/ItemOut>/, '');
    expect(failure(() => parseOrderRequest(noLines)).message).toMatch(/no ItemOut/);
  });

  test('a document that is not an OrderRequest is refused with 400, broken XML with 406', () => {
    expect(failure(() => parseOrderRequest(cxmlSample('cxml-php__PunchOutSetupRequest.xml'))).code).toBe(400);
    expect(failure(() => parseOrderRequest(SAMPLE.slice(0, 500))).code).toBe(406);
  });
});
