import { describe, expect, test } from 'vitest';
import { formCharset, parseUrlEncoded, readFormFields } from './form-body.ts';

describe('parseUrlEncoded', () => {
  test('keeps order, duplicates and empty values, decodes + as a space', () => {
    expect(parseUrlEncoded('a=1&b=&a=2&&c&d=x+y%2Bz')).toEqual([
      ['a', '1'],
      ['b', ''],
      ['a', '2'],
      ['c', ''],
      ['d', 'x y+z'],
    ]);
  });

  test('values containing " < > & and non-ASCII round-trip in the charset they were posted in', () => {
    // "19\" Rack für 5 €" as a browser encodes it from a UTF-8 page and from an ISO-8859-1 page (€ is not in it).
    expect(parseUrlEncoded('NEW_ITEM-DESCRIPTION%5B1%5D=19%22+Rack+f%C3%BCr+%3C5%3E+%26+%E2%82%AC', 'UTF-8')).toEqual([
      ['NEW_ITEM-DESCRIPTION[1]', '19" Rack für <5> & €'],
    ]);
    expect(parseUrlEncoded('NEW_ITEM-DESCRIPTION%5B1%5D=19%22+Rack+f%FCr+%DF', 'ISO-8859-1')).toEqual([
      ['NEW_ITEM-DESCRIPTION[1]', '19" Rack für ß'],
    ]);
  });

  test('a malformed escape stays as it is', () => {
    expect(parseUrlEncoded('a=100%&b=%zz')).toEqual([
      ['a', '100%'],
      ['b', '%zz'],
    ]);
  });
});

test('charset labels: UTF-8 and ISO-8859-1 by their usual names, others unknown', () => {
  expect(formCharset('utf-8')).toBe('UTF-8');
  expect(formCharset('ISO-8859-1')).toBe('ISO-8859-1');
  expect(formCharset('windows-1252')).toBe('ISO-8859-1');
  expect(formCharset('shift_jis')).toBeNull();
  expect(formCharset(null)).toBeNull();
});

describe('readFormFields', () => {
  const post = (body: BodyInit | null, contentType?: string) =>
    new Request('http://shop.test/punchout/oci', {
      method: 'POST',
      body,
      headers: contentType ? { 'content-type': contentType } : {},
    });

  test('a url-encoded body in the charset its content type names', async () => {
    expect(
      await readFormFields(post('USERNAME=m%FCller', 'application/x-www-form-urlencoded; charset=ISO-8859-1'), 1024),
    ).toEqual([['USERNAME', 'müller']]);
    expect(await readFormFields(post('USERNAME=m%C3%BCller', 'application/x-www-form-urlencoded'), 1024)).toEqual([
      ['USERNAME', 'müller'],
    ]);
  });

  test('a multipart body gives its text fields; a file is refused', async () => {
    const form = new FormData();
    form.append('USERNAME', 'peeters-oci');
    form.append('HOOK_URL', 'https://srm.example.com/hook');
    expect(await readFormFields(post(form), 4096)).toEqual([
      ['USERNAME', 'peeters-oci'],
      ['HOOK_URL', 'https://srm.example.com/hook'],
    ]);
    form.append('file', new Blob(['x']), 'x.txt');
    expect(await readFormFields(post(form), 4096)).toBe('unsupported');
  });

  test('a body beyond the limit is refused without being read whole', async () => {
    expect(await readFormFields(post(`a=${'x'.repeat(100)}`, 'application/x-www-form-urlencoded'), 64)).toBe(
      'too-large',
    );
  });

  test('no body has no fields; another content type is unsupported', async () => {
    expect(await readFormFields(post(null), 64)).toEqual([]);
    expect(await readFormFields(post('{}', 'application/json'), 64)).toBe('unsupported');
  });
});
