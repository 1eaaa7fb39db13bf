/**
 * Test support of the punch-out server modules: a page context (`APIContext` parts a call on the browser's behalf
 * reads) on a site below `/en`, with a cookie jar that records what is set and removed, and a Store API over HTTP
 * whose answers a test decides (the transport of src/lib/store-api/transport.ts, `fetch` stubbed).
 */
import type { APIContext, AstroCookies } from 'astro';
import { vi } from 'vitest';

/** A cookie jar with Astro's get/set/delete shape. */
export function cookieJar(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const removed: string[] = [];
  const cookies = {
    get: (name: string) => (values.has(name) ? { value: values.get(name)! } : undefined),
    set: (name: string, value: string) => void values.set(name, value),
    delete: (name: string) => {
      removed.push(name);
      values.delete(name);
    },
  } as unknown as AstroCookies;
  return { cookies, values, removed };
}

/** A page context on `http://localhost:4321/en…` for `path`, with the given cookies. */
export function pageContext(path: string, initial: Record<string, string> = {}, init: RequestInit = {}) {
  const url = new URL(`http://localhost:4321${path}`);
  const jar = cookieJar(initial);
  const ctx = {
    request: new Request(url, init),
    url,
    cookies: jar.cookies,
    locals: {
      domain: { languageId: 'l'.repeat(32), url: 'http://localhost:4321/en', pathPrefix: '/en' },
    } as App.Locals,
    clientAddress: '192.0.2.1',
  } as unknown as APIContext;
  return { ctx, ...jar };
}

/** Requests the Store API received, and the answer it gives (replace `answer` in a test). */
export function stubStoreApi(answer: (request: Request) => Response) {
  const seen: Request[] = [];
  const state = { answer };
  process.env.STORE_API_URL = 'http://backend.test:8000';
  process.env.STORE_API_ACCESS_KEY = 'SWSCTESTKEY000001';
  vi.stubGlobal('fetch', async (request: Request) => {
    seen.push(request);
    return state.answer(request);
  });
  return { seen, state };
}

/** Undoes `stubStoreApi`. */
export function unstubStoreApi(): void {
  vi.unstubAllGlobals();
  delete process.env.STORE_API_URL;
  delete process.env.STORE_API_ACCESS_KEY;
}
