import { describe, expect, test } from 'vitest';
import { callUpField, isOciFunctionPage, readCallUp } from './oci-call-up.ts';

const url = (query = '') => new URL(`http://shop.test/punchout/oci${query}`);
const post = (body: string, query = '') =>
  new Request(url(query), {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('readCallUp', () => {
  test('a GET call-up has the query fields unchanged and no form', async () => {
    const query =
      '?USERNAME=peeters-oci&PASSWORD=x%26y&HOOK_URL=https%3A%2F%2Fsrm.example.com%2Fhook%3Fsap-client%3D100&~OkCode=ADDI';
    expect(await readCallUp(url(query), new Request(url(query)))).toEqual({
      query: [
        ['USERNAME', 'peeters-oci'],
        ['PASSWORD', 'x&y'],
        ['HOOK_URL', 'https://srm.example.com/hook?sap-client=100'],
        ['~OkCode', 'ADDI'],
      ],
      form: [],
    });
  });

  test('a POST call-up keeps the query and the form apart, both in order', async () => {
    expect(
      await readCallUp(url('?sap-client=100'), post('username=a&password=b&HOOK_URL=x', '?sap-client=100')),
    ).toEqual({
      query: [['sap-client', '100']],
      form: [
        ['username', 'a'],
        ['password', 'b'],
        ['HOOK_URL', 'x'],
      ],
    });
  });

  test('more than 100 fields in the query or the form stop the call-up', async () => {
    const many = Array.from({ length: 101 }, (_, i) => `F${i}=1`).join('&');
    expect(await readCallUp(url(`?${many}`), new Request(url(`?${many}`)))).toBe('too-many-fields');
    expect(await readCallUp(url(), post(many))).toBe('too-many-fields');
    const hundred = Array.from({ length: 100 }, (_, i) => `F${i}=1`).join('&');
    expect(await readCallUp(url(), post(hundred))).toMatchObject({ form: expect.any(Array) });
  });

  test('a form body over 64 KiB is refused while streaming', async () => {
    expect(await readCallUp(url(), post(`HOOK_URL=${'x'.repeat(64 * 1024)}`))).toBe('too-large');
  });
});

describe('FUNCTION', () => {
  test('the form wins over the query, names and values compared case-insensitively', () => {
    const fields = {
      query: [['FUNCTION', 'DETAIL'] as [string, string]],
      form: [['function', 'validate'] as [string, string]],
    };
    expect(callUpField(fields, 'FUNCTION')).toBe('validate');
    expect(isOciFunctionPage(fields)).toBe(true);
  });

  test.each([
    ['VALIDATE', true],
    ['background_search', true],
    ['DETAIL', false],
    ['SOURCING', false],
    ['DOWNLOAD', false],
  ])('FUNCTION=%s is a page of its own: %s', (value, page) => {
    expect(isOciFunctionPage({ query: [['FUNCTION', value]], form: [] })).toBe(page);
  });

  test('without FUNCTION the call-up opens a session', () => {
    expect(isOciFunctionPage({ query: [], form: [['USERNAME', 'a']] })).toBe(false);
  });
});
