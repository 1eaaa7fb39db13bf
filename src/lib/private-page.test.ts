import type { AstroCookies } from 'astro';
import { describe, expect, test } from 'vitest';
import { preparePrivatePage, type PrivatePageContext } from './private-page.ts';

/** An `Astro` stand-in recording headers, cookies and rewrites. */
function page(pathPrefix: string, href: string, originPathname: string) {
  const cookies = new Map<string, { value: string; options: unknown }>();
  const rewrites: string[] = [];
  const context: PrivatePageContext = {
    locals: { domain: { pathPrefix, languageId: 'lang-en' } },
    url: new URL(href),
    originPathname,
    response: { headers: new Headers() },
    cookies: {
      get: (name: string) => (cookies.has(name) ? { value: cookies.get(name)!.value } : undefined),
      set: (name: string, value: string, options: unknown) => void cookies.set(name, { value, options }),
    } as unknown as AstroCookies,
    rewrite: (path: string) => {
      rewrites.push(path);
      return Promise.resolve(new Response(null, { status: 404 }));
    },
  };
  return { context, cookies, rewrites };
}

describe('preparePrivatePage', () => {
  test.each([
    ['/en', 'http://localhost:4321/auth', '/en/auth'],
    ['/en', 'http://localhost:4321/account/customer/', '/en/account/customer'],
    ['', 'http://localhost:4321/register/company', '/register/company'],
    ['', 'http://at.localhost:4321/auth/', '/auth/'],
  ])('on the domain %s, %s reached as %s is private and sets the language cookie', (prefix, href, origin) => {
    const { context, cookies, rewrites } = page(prefix, href, origin);
    expect(preparePrivatePage(context)).toBeNull();
    expect(rewrites).toEqual([]);
    expect(context.response.headers.get('cache-control')).toBe('private, no-store');
    expect(cookies.get('sw-language-id')?.value).toBe('lang-en');
    expect(cookies.get('sw-language-id')?.options).toMatchObject({ httpOnly: false, sameSite: 'lax', path: '/' });
  });

  test('a page reached without its domain prefix answers the 404 page and sets nothing', () => {
    const { context, cookies, rewrites } = page('/en', 'http://localhost:4321/auth', '/auth');
    expect(preparePrivatePage(context)).not.toBeNull();
    expect(rewrites).toEqual(['/404']);
    expect(context.response.headers.get('cache-control')).toBeNull();
    expect(cookies.size).toBe(0);
  });
});
