import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cxmlDtdPath, releaseCxmlValidator, validateCxml } from './dtd-validate.ts';
import { startRequestCounter, type RequestCounter } from './testing/request-counter.ts';
import { cxmlSample } from './testing/samples.ts';

afterAll(() => releaseCxmlValidator());

describe('validateCxml against the vendored cXML.dtd 1.2.071', () => {
  test('the DTD is read from vendor/cxml-dtd-1.2.071 in the repository', () => {
    expect(cxmlDtdPath().replaceAll('\\', '/')).toMatch(/\/vendor\/cxml-dtd-1\.2\.071\/cXML\.dtd$/);
  });

  test.each([
    'cxml-php__PunchOutSetupRequest.xml',
    'cxml-php__OrderRequest.xml',
    'cxml-php__PunchoutOrderMessage.xml',
    'cxml-php__PunchoutOrderMessageAdvancedPricing.xml',
    'officeluv-cxml__punch_out_setup_request_doc.xml',
    'officeluv-cxml__response_status_200.xml',
  ])('the published sample %s is valid', (name) => {
    expect(validateCxml(cxmlSample(name))).toEqual({ valid: true, errors: [] });
  });

  test('a root spelled "cxml" (a published anti-pattern) is invalid', () => {
    const result = validateCxml(cxmlSample('officeluv-cxml__punch_out_order_message_doc.xml'));
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(/cxml/);
  });

  test('ItemDetail children out of DTD order are reported with the element path', () => {
    const swapped = cxmlSample('cxml-php__PunchoutOrderMessage.xml').replace(
      /(<UnitOfMeasure>EA<\/UnitOfMeasure>)(\s*)(<Classification domain="UNSPSC">ean1234<\/Classification>)/,
      '$3$2$1',
    );
    const result = validateCxml(swapped);
    expect(result.valid).toBe(false);
    expect(result.errors[0]).toMatch(
      /^\/cXML\/Message\/PunchOutOrderMessage\/ItemIn\[1\]\/ItemDetail: .*does not follow the DTD/,
    );
  });

  test('a missing required attribute is reported', () => {
    const result = validateCxml(cxmlSample('officeluv-cxml__response_status_200.xml').replace(' text="OK"', ''));
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(/text/);
  });

  test('a document that is not well-formed is invalid, not an exception', () => {
    const result = validateCxml('<cXML><Response></cXML>');
    expect(result.valid).toBe(false);
    expect(result.errors.length).toBeGreaterThan(0);
  });

  test('the DTD is loaded again after it was released', () => {
    releaseCxmlValidator();
    expect(validateCxml(cxmlSample('officeluv-cxml__response_status_200.xml')).valid).toBe(true);
  });
});

describe('validateCxml: no network access', () => {
  let server: RequestCounter;
  beforeAll(async () => {
    server = await startRequestCounter();
  });
  afterAll(async () => {
    await server.close();
  });

  test('the DOCTYPE URL and external entities are never fetched', async () => {
    const local = cxmlSample('officeluv-cxml__response_status_200.xml').replace(
      '<cXML',
      `<!DOCTYPE cXML SYSTEM "${server.url}/schemas/cXML/1.2.071/cXML.dtd">\n<cXML`,
    );
    expect(validateCxml(local)).toEqual({ valid: true, errors: [] });

    const xxe = `<?xml version="1.0"?><!DOCTYPE cXML SYSTEM "${server.url}/cXML.dtd" [
      <!ENTITY x SYSTEM "${server.url}/x"> <!ENTITY % p SYSTEM "${server.url}/p.dtd"> %p;]>
      <cXML payloadID="1" timestamp="2024-01-01T00:00:00+00:00"><Response><Status code="200" text="&x;"/></Response></cXML>`;
    const refused = validateCxml(xxe);
    expect(refused.valid).toBe(false);
    expect(refused.errors[0]).toMatch(/entity declarations are not accepted/i);

    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.count()).toBe(0);
    // Control: the server does count a request that is made.
    await fetch(`${server.url}/control`);
    expect(server.count()).toBe(1);
  });
});
