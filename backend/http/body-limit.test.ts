import { Hono, type Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { ARTICLE_LINK_IMPORT_MAX_BYTES } from '../../contract/provider/article-link.ts';
import { MAX_STORE_API_BODY_BYTES, withBodyLimit } from './body-limit.ts';

/** An app that echoes the size of the body it read. */
function echoApp() {
  const app = new Hono();
  const echo = async (c: Context) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength });
  app.post('/store-api/search', echo);
  app.post('/store-api/werkbank/article-links/import', echo);
  return withBodyLimit(app);
}

/** A chunked body of `total` bytes in 64 KiB chunks that records how much was pulled. */
function chunkedBody(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(120);
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= total) return controller.close();
      state.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, state };
}

describe('withBodyLimit', () => {
  it('refuses a chunked body above the limit with 413 in the error envelope without reading it all', async () => {
    const { stream, state } = chunkedBody(64 * 1024 * 1024);
    const res = await echoApp().request('/store-api/search', {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).errors[0]).toMatchObject({ status: '413', code: 'FRAMEWORK__PAYLOAD_TOO_LARGE' });
    expect(state.pulled).toBeLessThan(2 * 1024 * 1024);
  });

  it('refuses a declared Content-Length above the limit', async () => {
    const res = await echoApp().request('/store-api/search', {
      method: 'POST',
      body: 'x'.repeat(MAX_STORE_API_BODY_BYTES + 1),
    });
    expect(res.status).toBe(413);
  });

  it('passes a body within the limit whole', async () => {
    const { stream } = chunkedBody(512 * 1024);
    const res = await echoApp().request('/store-api/search', {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(await res.json()).toEqual({ bytes: 512 * 1024 });
  });

  it('lets the article link CSV import send up to its own larger limit, and no more', async () => {
    const bigger = MAX_STORE_API_BODY_BYTES + 512 * 1024;
    const passed = await echoApp().request('/store-api/werkbank/article-links/import', {
      method: 'POST',
      body: 'x'.repeat(bigger),
    });
    expect(await passed.json()).toEqual({ bytes: bigger });
    const refused = await echoApp().request('/store-api/werkbank/article-links/import', {
      method: 'POST',
      body: 'x'.repeat(ARTICLE_LINK_IMPORT_MAX_BYTES + 1),
    });
    expect(refused.status).toBe(413);
    const elsewhere = await echoApp().request('/store-api/search', { method: 'POST', body: 'x'.repeat(bigger) });
    expect(elsewhere.status).toBe(413);
  });
});
