import { describe, expect, test } from 'vitest';
import { domainPath, pathBelowPrefix, resolveDomain, toStorefrontDomain } from './domain.ts';

const raw = (url: string, localeCode: string, label: string) => ({
  url,
  localeCode,
  languageLabel: label,
  languageId: `lang-${localeCode}`,
  currencyId: 'eur',
});

const domains = [
  raw('http://localhost:4321', 'nl-NL', 'NL'),
  raw('http://localhost:4321/en', 'en-GB', 'EN'),
  raw('http://localhost:4321/fr', 'fr-FR', 'FR'),
  raw('http://localhost:4321/de', 'de-DE', 'DE'),
  raw('http://at.localhost:4321', 'de-DE', 'DE'),
].map(toStorefrontDomain);

describe('resolveDomain', () => {
  test.each([
    ['http://localhost:4321/', 'http://localhost:4321', 'nl-NL'],
    ['http://localhost:4321/Gereedschap/', 'http://localhost:4321', 'nl-NL'],
    ['http://localhost:4321/en', 'http://localhost:4321/en', 'en-GB'],
    ['http://localhost:4321/en/', 'http://localhost:4321/en', 'en-GB'],
    ['http://localhost:4321/en/Tools/Pliers/', 'http://localhost:4321/en', 'en-GB'],
    ['http://localhost:4321/fr/search?query=x', 'http://localhost:4321/fr', 'fr-FR'],
    ['http://localhost:4321/english-tools/', 'http://localhost:4321', 'nl-NL'],
    ['http://localhost:4321/de/Werkzeug/', 'http://localhost:4321/de', 'de-DE'],
    ['http://at.localhost:4321/Werkzeug/', 'http://at.localhost:4321', 'de-DE'],
    ['http://AT.LOCALHOST:4321/en/', 'http://at.localhost:4321', 'de-DE'],
  ])('%s belongs to %s (%s)', (requestUrl, domainUrl, locale) => {
    const d = resolveDomain(domains, new URL(requestUrl));
    expect(d?.url).toBe(domainUrl);
    expect(d?.locale).toBe(locale);
  });

  test('a host with no domain configuration resolves to null', () => {
    expect(resolveDomain(domains, new URL('http://127.0.0.1:4321/'))).toBeNull();
    expect(resolveDomain(domains, new URL('http://evil.example/en/'))).toBeNull();
  });

  test('the same host name on another port (behind a proxy) still resolves', () => {
    expect(resolveDomain(domains, new URL('https://localhost/fr/x'))?.locale).toBe('fr-FR');
  });
});

describe('domain helpers', () => {
  test('normalises the domain record', () => {
    const d = toStorefrontDomain(raw('http://localhost:4321/en/', 'en-GB', 'en'));
    expect(d).toMatchObject({
      origin: 'http://localhost:4321',
      host: 'localhost:4321',
      pathPrefix: '/en',
      languageLabel: 'EN',
      url: 'http://localhost:4321/en',
    });
  });

  test('unknown locale codes fall back to en-GB', () => {
    expect(toStorefrontDomain(raw('http://x.test', 'es-ES', 'ES')).locale).toBe('en-GB');
  });

  test.each([
    ['/en', '/en/Tools/', '/Tools/'],
    ['/en', '/en', '/'],
    ['', '/Gereedschap/', '/Gereedschap/'],
  ])('pathBelowPrefix(%s, %s) = %s', (prefix, path, expected) => {
    expect(pathBelowPrefix({ pathPrefix: prefix }, path)).toBe(expected);
  });

  test.each([
    ['/en', 'Tools/Pliers/', '/en/Tools/Pliers/'],
    ['/en', '/search', '/en/search'],
    ['', 'Gereedschap//Tangen/', '/Gereedschap/Tangen/'],
    ['', '', '/'],
  ])('domainPath(%s, %s) = %s', (prefix, path, expected) => {
    expect(domainPath({ pathPrefix: prefix }, path)).toBe(expected);
  });
});
