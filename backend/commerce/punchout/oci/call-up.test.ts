import { describe, expect, test } from 'vitest';
import { DEFAULT_OCI_SETTINGS } from '../punchout-line.ts';
import { PunchOutInputError } from '../errors.ts';
import { ociFormTarget, ociResponseCharset, parseOciCallUp, type OciCallUp } from './call-up.ts';

const HOOK = 'https://srm.example.com/sap/bc/bsp/sap/bbp_oci?sap-client=100';

/** A typical SRM call-up as a form body (what the browser posts) and as the same fields in a query string. */
const CALL_UP_FIELDS: [string, string][] = [
  ['USERNAME', 'buyer-1'],
  ['PASSWORD', 's3cret'],
  ['HOOK_URL', HOOK],
  ['~OkCode', 'ADDI'],
  ['~TARGET', '_parent'],
  ['~CALLER', 'CTLG'],
  ['OCI_VERSION', '4.0'],
  ['OPI_VERSION', '1.0'],
  ['http_content_charset', 'utf-8'],
  ['returntarget', 'catalog_frame'],
  ['sap-client', '100'],
];

function expectInputError(fn: () => unknown, reason: string): PunchOutInputError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PunchOutInputError);
    expect((error as PunchOutInputError).reason).toBe(reason);
    return error as PunchOutInputError;
  }
  throw new Error(`expected a PunchOutInputError ${reason}`);
}

describe('parseOciCallUp', () => {
  test('a call-up in the query string (GET) and the same call-up as form POST read the same', () => {
    const encoded = new URLSearchParams(CALL_UP_FIELDS).toString();
    const viaGet = parseOciCallUp(new URLSearchParams(encoded));
    const viaPost = parseOciCallUp(new URLSearchParams(), new URLSearchParams(encoded));
    expect(viaPost).toEqual(viaGet);
    expect(viaGet).toEqual<OciCallUp>({
      username: 'buyer-1',
      password: 's3cret',
      hookUrl: HOOK,
      okCode: 'ADDI',
      target: '_parent',
      caller: 'CTLG',
      returnTarget: 'catalog_frame',
      charset: 'utf-8',
      ociVersion: '4.0',
      opiVersion: '1.0',
      function: undefined,
      productId: undefined,
      quantity: undefined,
      searchString: undefined,
      vendor: undefined,
      extra: [['sap-client', '100']],
    });
  });

  test('field names are matched case-insensitively (USERNAME/username, HOOK_URL/hook_url, ~OkCode/~okcode)', () => {
    const lower = parseOciCallUp(
      new URLSearchParams({
        username: 'u',
        password: 'p',
        hook_url: HOOK,
        '~okcode': 'ADDI',
        '~target': '_top',
        '~caller': 'CTLG',
        ReturnTarget: 'f',
        HTTP_CONTENT_CHARSET: 'UTF-8',
        oci_version: '5.0',
        Function: 'validate',
        ProductId: 'abc',
        Quantity: '2',
        SearchString: 'drill',
        Vendor: '4711',
      }),
    );
    expect(lower).toMatchObject({
      username: 'u',
      password: 'p',
      hookUrl: HOOK,
      okCode: 'ADDI',
      target: '_top',
      caller: 'CTLG',
      returnTarget: 'f',
      charset: 'UTF-8',
      ociVersion: '5.0',
      function: 'VALIDATE',
      productId: 'abc',
      quantity: '2',
      searchString: 'drill',
      vendor: '4711',
      extra: [],
    });
  });

  test('GET and POST are merged; the form wins when both carry a field (names compared without case)', () => {
    const callUp = parseOciCallUp(
      new URLSearchParams({ username: 'from-query', HOOK_URL: HOOK, 'sap-client': '100' }),
      new URLSearchParams({ USERNAME: 'from-form', PASSWORD: 'p' }),
    );
    expect(callUp).toMatchObject({
      username: 'from-form',
      password: 'p',
      hookUrl: HOOK,
      extra: [['sap-client', '100']],
    });
  });

  test('HOOK_URL is kept exactly as the request parsing decoded it, never decoded again', () => {
    const callUp = parseOciCallUp(new URLSearchParams('HOOK_URL=https%3A%2F%2Fsrm.example.com%2Fr%3Fsid%3Da%2525b'));
    expect(callUp.hookUrl).toBe('https://srm.example.com/r?sid=a%25b');
  });

  test('charset, targets, ~OkCode, ~CALLER, OCI_VERSION and OPI_VERSION are read for the session', () => {
    const callUp = parseOciCallUp(new URLSearchParams(CALL_UP_FIELDS));
    expect([callUp.charset, callUp.returnTarget, callUp.target, callUp.okCode, callUp.caller]).toEqual([
      'utf-8',
      'catalog_frame',
      '_parent',
      'ADDI',
      'CTLG',
    ]);
    expect([callUp.ociVersion, callUp.opiVersion]).toEqual(['4.0', '1.0']);
  });

  test('unknown extra parameters are kept in order for logging, not refused', () => {
    const callUp = parseOciCallUp(
      new URLSearchParams([
        ['HOOK_URL', HOOK],
        ['sap-client', '100'],
        ['COST_CENTER', 'K-4711'],
        ['~xmlType', 'ESAPO'],
      ]),
    );
    expect(callUp.extra).toEqual([
      ['sap-client', '100'],
      ['COST_CENTER', 'K-4711'],
      ['~xmlType', 'ESAPO'],
    ]);
  });

  test('passwords are never among the extra fields, whatever their spelling', () => {
    const callUp = parseOciCallUp(
      new URLSearchParams([
        ['PASSWORD', 'a'],
        ['Password', 'b'],
        ['SAP_PASSWORD', 'c'],
        ['pwd', 'd'],
        ['client_secret', 'e'],
        ['color', 'red'],
      ]),
    );
    expect(callUp.password).toBe('a');
    expect(callUp.extra).toEqual([['color', 'red']]);
    expect(JSON.stringify(callUp.extra)).not.toMatch(/"[abcde]"/);
  });

  test('within one source the first occurrence of a name counts', () => {
    const callUp = parseOciCallUp(new URLSearchParams('USERNAME=first&username=second'));
    expect(callUp.username).toBe('first');
  });

  test('an unknown FUNCTION is read upper-cased and trimmed, not refused', () => {
    expect(parseOciCallUp(new URLSearchParams({ FUNCTION: ' quantity_check ' })).function).toBe('QUANTITY_CHECK');
  });

  test('a call-up without HOOK_URL reads with hookUrl undefined (the caller shows the error page)', () => {
    expect(parseOciCallUp(new URLSearchParams({ USERNAME: 'u' })).hookUrl).toBeUndefined();
  });

  test('at most 100 fields in query and form together', () => {
    const fields = (n: number, prefix: string) =>
      new URLSearchParams(Array.from({ length: n }, (_, i): [string, string] => [`${prefix}${i}`, 'x']));
    expect(() => parseOciCallUp(fields(60, 'q'), fields(40, 'f'))).not.toThrow();
    expectInputError(() => parseOciCallUp(fields(60, 'q'), fields(41, 'f')), 'too-many-fields');
    expectInputError(() => parseOciCallUp(fields(101, 'q')), 'too-many-fields');
  });

  test('names are at most 100 characters, values at most 4,000', () => {
    expect(() => parseOciCallUp(new URLSearchParams([['N'.repeat(100), 'v'.repeat(4000)]]))).not.toThrow();
    expectInputError(() => parseOciCallUp(new URLSearchParams([['N'.repeat(101), 'v']])), 'field-name-too-long');
    const tooLong = expectInputError(
      () => parseOciCallUp(new URLSearchParams(), new URLSearchParams([['PASSWORD', 'v'.repeat(4001)]])),
      'field-value-too-long',
    );
    expect(tooLong.message).not.toContain('vvvv');
  });

  test('HOOK_URL is at most 2,048 characters', () => {
    const base = 'https://srm.example.com/r?x=';
    const fits = base + 'a'.repeat(2048 - base.length);
    expect(parseOciCallUp(new URLSearchParams({ HOOK_URL: fits })).hookUrl).toBe(fits);
    expectInputError(() => parseOciCallUp(new URLSearchParams({ hook_url: fits + 'a' })), 'hook-url-too-long');
  });
});

describe('ociFormTarget', () => {
  const callUp = (fields: Record<string, string>) => parseOciCallUp(new URLSearchParams(fields));

  test('the form target is returntarget, else ~TARGET, else the configured target, else _top', () => {
    const configured = { ...DEFAULT_OCI_SETTINGS, target: 'configured' };
    expect(ociFormTarget(callUp({ returntarget: 'rt', '~TARGET': 't' }), configured)).toBe('rt');
    expect(ociFormTarget(callUp({ '~TARGET': 't' }), configured)).toBe('t');
    expect(ociFormTarget(callUp({}), configured)).toBe('configured');
    expect(ociFormTarget(callUp({}), DEFAULT_OCI_SETTINGS)).toBe('_top');
  });

  test('blank targets count as not set', () => {
    expect(ociFormTarget(callUp({ returntarget: ' ', '~TARGET': '' }), DEFAULT_OCI_SETTINGS)).toBe('_top');
  });
});

describe('ociResponseCharset', () => {
  const withCharset = (charset: string | undefined) => ({ charset });

  test('UTF-8 labels (utf-8, UTF8, unicode-1-1-utf-8) select UTF-8', () => {
    for (const label of ['utf-8', 'UTF-8', 'UTF8', ' utf8 ', 'unicode-1-1-utf-8']) {
      expect(ociResponseCharset(withCharset(label), DEFAULT_OCI_SETTINGS), label).toBe('UTF-8');
    }
  });

  test('ISO-8859-1 labels (iso-8859-1, latin1, windows-1252, us-ascii) select ISO-8859-1', () => {
    const utf8Company = { charset: 'UTF-8' as const };
    for (const label of ['ISO-8859-1', 'iso-8859-1', 'latin1', 'ISO8859-1', 'windows-1252', 'us-ascii', 'l1']) {
      expect(ociResponseCharset(withCharset(label), utf8Company), label).toBe('ISO-8859-1');
    }
  });

  test('without http_content_charset, or with an unknown label, the configured charset applies (ISO-8859-1 by default)', () => {
    expect(ociResponseCharset(withCharset(undefined), DEFAULT_OCI_SETTINGS)).toBe('ISO-8859-1');
    expect(ociResponseCharset(withCharset('shift_jis'), DEFAULT_OCI_SETTINGS)).toBe('ISO-8859-1');
    expect(ociResponseCharset(withCharset('ebcdic'), { charset: 'UTF-8' })).toBe('UTF-8');
  });
});
