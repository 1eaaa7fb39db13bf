import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

const seen: Request[] = [];
let upstream: () => Response;

beforeEach(() => {
  vi.resetModules();
  seen.length = 0;
  process.env.STORE_API_URL = 'http://backend.test:8000';
  process.env.STORE_API_ACCESS_KEY = 'SWSCTESTKEY000001';
  upstream = () =>
    new Response('<?xml version="1.0"?><cXML><Response><Status code="200" text="OK"/></Response></cXML>', {
      headers: { 'content-type': 'text/xml; charset=UTF-8', 'sw-context-token': 'x'.repeat(32) },
    });
  vi.stubGlobal('fetch', async (request: Request) => {
    seen.push(request);
    return upstream();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete process.env.STORE_API_URL;
  delete process.env.STORE_API_ACCESS_KEY;
});

const site = { storefrontUrl: 'https://shop.example/en', languageId: 'l'.repeat(32), socketAddress: '192.0.2.7' };
const setup = '<?xml version="1.0"?><cXML><Request><PunchOutSetupRequest operation="create"/></Request></cXML>';
const post = (body: BodyInit, contentType = 'text/xml; charset=UTF-8') =>
  new Request('https://shop.example/en/punchout/cxml/setup', {
    method: 'POST',
    body,
    headers: { 'content-type': contentType },
  });

describe('forwardCxmlRequest', () => {
  test('forwards the document unchanged to the cXML entry with the site as storefrontUrl; answers its XML as is', async () => {
    const { forwardCxmlRequest } = await import('./cxml-forward.ts');
    const res = await forwardCxmlRequest('cxmlSetupRequest', post(setup), site);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/xml; charset=UTF-8');
    expect(res.headers.get('sw-context-token')).toBeNull();
    expect(await res.text()).toContain('<Status code="200"');
    const [request] = seen;
    const url = new URL(request!.url);
    expect(url.pathname).toBe('/store-api/cxml/setup');
    expect(url.searchParams.get('storefrontUrl')).toBe('https://shop.example/en');
    expect(request!.headers.get('content-type')).toBe('text/xml; charset=UTF-8');
    expect(request!.headers.get('sw-access-key')).toBe('SWSCTESTKEY000001');
    expect(request!.headers.get('sw-context-token')).toBeNull();
    expect(request!.headers.get('x-real-ip')).toBe('192.0.2.7');
    expect(await request!.text()).toBe(setup);
  });

  test('an OrderRequest goes to the order entry, following STORE_API_CXML_ENTRY', async () => {
    process.env.STORE_API_CXML_ENTRY = 'ariba';
    try {
      const { forwardCxmlRequest } = await import('./cxml-forward.ts');
      await forwardCxmlRequest('cxmlOrderRequest', post('<cXML/>', 'application/xml'), site);
      expect(new URL(seen[0]!.url).pathname).toBe('/store-api/ariba/order');
      expect(seen[0]!.headers.get('content-type')).toBe('application/xml');
    } finally {
      delete process.env.STORE_API_CXML_ENTRY;
    }
  });

  test('a body over 1 MiB answers 413 with a cXML Status 406 and is not forwarded', async () => {
    const { forwardCxmlRequest } = await import('./cxml-forward.ts');
    const chunk = new Uint8Array(256 * 1024).fill(0x20);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent++;
        controller.enqueue(chunk);
        if (sent > 8) controller.close();
      },
    });
    const res = await forwardCxmlRequest(
      'cxmlSetupRequest',
      new Request('https://shop.example/punchout/cxml/setup', {
        method: 'POST',
        body: stream,
        headers: { 'content-type': 'text/xml' },
        duplex: 'half',
      } as RequestInit),
      site,
    );
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toBe('text/xml; charset=UTF-8');
    const text = await res.text();
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE cXML SYSTEM')).toBe(true);
    expect(text).toContain('<Status code="406" text="Not Acceptable" xml:lang="en">');
    expect(seen).toHaveLength(0);
    expect(sent).toBeLessThanOrEqual(6);
  });

  test('an answer that is not XML (an error envelope) becomes a cXML Status, never HTML or JSON', async () => {
    upstream = () => Response.json({ errors: [{ status: '401', code: 'X' }] }, { status: 401 });
    const { forwardCxmlRequest } = await import('./cxml-forward.ts');
    const res = await forwardCxmlRequest('cxmlSetupRequest', post(setup), site);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toBe('text/xml; charset=UTF-8');
    expect(await res.text()).toContain('<Status code="401" text="Unauthorized" xml:lang="en">');
  });

  test('an unreachable Store API answers a cXML Status', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    const { forwardCxmlRequest } = await import('./cxml-forward.ts');
    const res = await forwardCxmlRequest('cxmlSetupRequest', post(setup), site);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('<Status code="500"');
  });
});
