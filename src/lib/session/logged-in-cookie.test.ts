import { expect, test } from 'vitest';
import { hasLoggedInCookie, hasPunchOutCookie } from './logged-in-cookie.ts';

test('only the exact marker wb-logged-in=1 counts', () => {
  expect(hasLoggedInCookie('a=b; wb-logged-in=1')).toBe(true);
  expect(hasLoggedInCookie('wb-logged-in=1')).toBe(true);
  expect(hasLoggedInCookie('wb-logged-in=0; x-wb-logged-in=1')).toBe(false);
  expect(hasLoggedInCookie('')).toBe(false);
});

test('only the exact marker wb-punchout=1 marks a punch-out session', () => {
  expect(hasPunchOutCookie('wb-logged-in=1; wb-punchout=1')).toBe(true);
  expect(hasPunchOutCookie('wb-logged-in=1; wb-punchout=0')).toBe(false);
  expect(hasPunchOutCookie('x-wb-punchout=1')).toBe(false);
});
