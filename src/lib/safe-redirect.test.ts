import { describe, expect, test } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

const origin = 'https://www.example.be';

describe('safeRedirect', () => {
  test('keeps a same-origin path with query and fragment', () => {
    expect(safeRedirect('/en/account/orders?x=1#top', origin, '/d')).toBe('/en/account/orders?x=1#top');
    expect(safeRedirect('/fr/account/../account/dashboard', origin, '/d')).toBe('/fr/account/dashboard');
  });

  test.each([
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    '\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/.//evil.example',
    '/%2f%2fevil.example',
    '/%2F/evil.example',
    '/%5cevil.example',
    '/%252f%252fevil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,x',
    'account',
    '',
    null,
    undefined,
  ])('refuses %j', (value) => {
    expect(safeRedirect(value, origin, '/d')).toBe('/d');
  });

  test('a path named like a scheme stays a path on the own origin', () => {
    const result = safeRedirect('/javascript:alert(1)', origin, '/d');
    expect(result).toBe('/javascript:alert(1)');
    expect(new URL(result, origin).origin).toBe(origin);
  });
});
