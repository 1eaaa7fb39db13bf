import { expect, test } from 'vitest';
import { siteOrigins } from './seed-punchout.ts';

test('the demo return addresses are the sites a return address may name; a plain-http foreign host is left out', () => {
  const domains = [
    { url: 'http://localhost:4400' },
    { url: 'http://localhost:4400/en' },
    { url: 'http://at.localhost:4400' },
    { url: 'https://www.example.at/de' },
  ];
  expect(siteOrigins({ domains } as never)).toEqual(['http://localhost:4400', 'https://www.example.at']);
});
