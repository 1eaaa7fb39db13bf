import { expect, test } from 'vitest';
import { hasLoggedInCookie } from './logged-in-cookie.ts';

test('only the exact marker wb-logged-in=1 counts', () => {
  expect(hasLoggedInCookie('a=b; wb-logged-in=1')).toBe(true);
  expect(hasLoggedInCookie('wb-logged-in=1')).toBe(true);
  expect(hasLoggedInCookie('wb-logged-in=0; x-wb-logged-in=1')).toBe(false);
  expect(hasLoggedInCookie('')).toBe(false);
});
