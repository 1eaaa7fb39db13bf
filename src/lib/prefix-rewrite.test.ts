import { describe, expect, test } from 'vitest';
import { prefixRewrite, requestedPathname } from './prefix-rewrite.ts';

const en = { pathPrefix: '/en' };
const root = { pathPrefix: '' };
const rewrite = (domain: { pathPrefix: string }, href: string) => prefixRewrite(domain, new URL(href))?.href;

describe('prefixRewrite', () => {
  test.each([
    ['http://localhost:4321/en/auth', 'http://localhost:4321/auth'],
    ['http://localhost:4321/en/auth/', 'http://localhost:4321/auth/'],
    ['http://localhost:4321/en/auth/password-set?hash=abc', 'http://localhost:4321/auth/password-set?hash=abc'],
    ['http://localhost:4321/en/account', 'http://localhost:4321/account'],
    ['http://localhost:4321/en/account/customer/0190/rights', 'http://localhost:4321/account/customer/0190/rights'],
    ['http://localhost:4321/en/register/company', 'http://localhost:4321/register/company'],
    ['http://localhost:4321/en/loginascustomer?customerId=7', 'http://localhost:4321/loginascustomer?customerId=7'],
    ['http://localhost:4321/en/quick-order', 'http://localhost:4321/quick-order'],
    ['http://localhost:4321/en/punchout/oci?USERNAME=a', 'http://localhost:4321/punchout/oci?USERNAME=a'],
    ['http://localhost:4321/en/oci?otp=abc', 'http://localhost:4321/oci?otp=abc'],
    ['http://localhost:4321/en/cxml/auth/a/b', 'http://localhost:4321/cxml/auth/a/b'],
    ['http://localhost:4321/en/punchout-test', 'http://localhost:4321/punchout-test'],
  ])('the page of %s is rendered from %s', (href, target) => {
    expect(rewrite(en, href)).toBe(target);
  });

  test.each([
    'http://localhost:4321/en/',
    'http://localhost:4321/en',
    'http://localhost:4321/en/search?query=zange',
    'http://localhost:4321/en/Tools/authentic-pliers/',
    'http://localhost:4321/en/authors',
    'http://localhost:4321/en/dev/outbox',
    'http://localhost:4321/store-api/account/customer',
  ])('%s is not rewritten (catalogue, foreign or API path)', (href) => {
    expect(rewrite(en, href)).toBeUndefined();
  });

  test('a domain at the root serves its pages where they are', () => {
    expect(rewrite(root, 'http://localhost:4321/auth')).toBeUndefined();
    expect(rewrite(root, 'http://at.localhost:4321/account/dashboard')).toBeUndefined();
  });
});

describe('requestedPathname', () => {
  test.each([
    [en, 'http://localhost:4321/auth', '/en/auth'],
    [en, 'http://localhost:4321/account/dashboard/', '/en/account/dashboard/'],
    [en, 'http://localhost:4321/en', '/en'],
    [en, 'http://localhost:4321/en/Tools/pliers-180', '/en/Tools/pliers-180'],
    [root, 'http://localhost:4321/auth', '/auth'],
    [root, 'http://localhost:4321/Gereedschap/', '/Gereedschap/'],
  ])('on the domain %o, %s was requested as %s', (domain, href, path) => {
    expect(requestedPathname(domain, new URL(href))).toBe(path);
  });
});
