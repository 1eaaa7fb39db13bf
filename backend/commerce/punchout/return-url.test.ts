import { describe, expect, test } from 'vitest';
import { checkReturnUrl, parseAllowedOrigin } from './return-url.ts';

describe('parseAllowedOrigin', () => {
  test('an https origin is normalised to scheme, lower-case host and non-default port', () => {
    expect(parseAllowedOrigin('https://SRM.Example.com')).toBe('https://srm.example.com');
    expect(parseAllowedOrigin('  https://srm.example.com:443/ ')).toBe('https://srm.example.com');
    expect(parseAllowedOrigin('https://srm.example.com:8443')).toBe('https://srm.example.com:8443');
    expect(parseAllowedOrigin('https://bücher.example')).toBe('https://xn--bcher-kva.example');
  });

  test('plain http is allowed only for the loopback hosts', () => {
    expect(parseAllowedOrigin('http://127.0.0.1:8000')).toBe('http://127.0.0.1:8000');
    expect(parseAllowedOrigin('http://localhost:3000')).toBe('http://localhost:3000');
    expect(parseAllowedOrigin('http://[::1]:8080')).toBe('http://[::1]:8080');
    expect(() => parseAllowedOrigin('http://srm.example.com')).toThrow(/http:\/\/ is allowed only for/);
  });

  test('anything but an origin is refused with a message naming the entry', () => {
    for (const entry of [
      'srm.example.com',
      'javascript:alert(1)',
      'ftp://srm.example.com',
      'https://srm.example.com/sap/bc',
      'https://srm.example.com?x=1',
      'https://srm.example.com/?',
      'https://srm.example.com#top',
      'https://user:pw@srm.example.com',
      'https://*.example.com',
      '',
    ]) {
      expect(() => parseAllowedOrigin(entry), entry).toThrow(`"${entry}"`);
    }
  });

  test('the SAPEVENT: entry is accepted only when the protocol allows it (OCI)', () => {
    expect(parseAllowedOrigin('sapevent:', { allowSapEvent: true })).toBe('SAPEVENT:');
    expect(() => parseAllowedOrigin('SAPEVENT:')).toThrow(/SAPEVENT/);
  });
});

describe('checkReturnUrl', () => {
  const allowed = ['https://srm.example.com', 'http://localhost:8000'];

  test('an allowlisted HOOK_URL: action is the URL without query, its query parameters become decoded hidden fields in order', () => {
    const hook =
      'https://srm.example.com/sap/bc/bsp/sap/bbp_oci?sap-client=100&OCI_VERSION=4.0&x=a%26b%3Dc&y=two+words';
    expect(checkReturnUrl(hook, allowed)).toEqual({
      ok: true,
      url: hook,
      action: 'https://srm.example.com/sap/bc/bsp/sap/bbp_oci',
      hidden: [
        ['sap-client', '100'],
        ['OCI_VERSION', '4.0'],
        ['x', 'a&b=c'],
        ['y', 'two words'],
      ],
    });
  });

  test('the fragment is not part of the action', () => {
    const result = checkReturnUrl('https://srm.example.com/return?a=1#frag', allowed);
    expect(result).toMatchObject({ ok: true, action: 'https://srm.example.com/return', hidden: [['a', '1']] });
  });

  test('the HOOK_URL is decoded exactly once: percent signs left by the request decoding stay in the stored URL', () => {
    // The call-up carried HOOK_URL=https%3A%2F%2Fsrm.example.com%2Fr%3Fsid%3Dab%252Fcd: URLSearchParams decoded it once.
    const once = new URLSearchParams('HOOK_URL=https%3A%2F%2Fsrm.example.com%2Fr%3Fsid%3Dab%252Fcd').get('HOOK_URL');
    const result = checkReturnUrl(once ?? undefined, allowed);
    expect(result).toEqual({
      ok: true,
      url: 'https://srm.example.com/r?sid=ab%2Fcd',
      action: 'https://srm.example.com/r',
      hidden: [['sid', 'ab/cd']],
    });
  });

  test('surrounding whitespace and newlines are trimmed (cXML URL elements)', () => {
    const result = checkReturnUrl('\n   https://srm.example.com/cxml/poom\n  ', allowed);
    expect(result).toMatchObject({ ok: true, url: 'https://srm.example.com/cxml/poom' });
  });

  test('a missing or blank HOOK_URL is refused as missing', () => {
    expect(checkReturnUrl(undefined, allowed)).toEqual({ ok: false, reason: 'missing' });
    expect(checkReturnUrl('  \n', allowed)).toEqual({ ok: false, reason: 'missing' });
  });

  test('javascript:, data:, file: and other schemes are refused', () => {
    for (const url of [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'ftp://srm.example.com/',
      'vbscript:msgbox(1)',
    ]) {
      expect(checkReturnUrl(url, allowed), url).toEqual({ ok: false, reason: 'scheme' });
    }
  });

  test('hosts, ports and schemes not in the list are refused as origin', () => {
    for (const url of [
      'https://evil.example.com/return',
      'https://srm.example.com.evil.example/return',
      'https://srm.example.com:8443/return',
      'http://srm.example.com/return',
      'https://localhost:8000/return',
      'http://localhost:8001/return',
    ]) {
      expect(checkReturnUrl(url, allowed), url).toEqual({ ok: false, reason: 'origin' });
    }
  });

  test('an allowlisted host is matched whatever its spelling (case, default port)', () => {
    expect(checkReturnUrl('https://SRM.EXAMPLE.COM:443/r', allowed)).toMatchObject({
      ok: true,
      action: 'https://srm.example.com/r',
    });
  });

  test('relative URLs, inner whitespace and credentials are refused as malformed', () => {
    for (const url of [
      '/sap/bc/return',
      'srm.example.com/return',
      'https://srm.example.com/re turn',
      'java\nscript:alert(1)',
      'https://srm.example.com/\tr',
      'https://user:pw@srm.example.com/r',
      'https://',
    ]) {
      expect(checkReturnUrl(url, allowed), url).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  test('SAPEVENT:POST is accepted only when the protocol allows it and the company lists SAPEVENT:', () => {
    const withSapEvent = [...allowed, 'SAPEVENT:'];
    expect(checkReturnUrl('SAPEVENT:POST', withSapEvent, { allowSapEvent: true })).toEqual({
      ok: true,
      url: 'SAPEVENT:POST',
      action: 'SAPEVENT:POST',
      hidden: [],
    });
    expect(checkReturnUrl('SAPEVENT:POST', allowed, { allowSapEvent: true })).toEqual({ ok: false, reason: 'scheme' });
    expect(checkReturnUrl('SAPEVENT:POST', withSapEvent)).toEqual({ ok: false, reason: 'scheme' });
    expect(checkReturnUrl('SAPEVENT:GET', withSapEvent, { allowSapEvent: true })).toEqual({
      ok: false,
      reason: 'scheme',
    });
  });

  test('an invalid entry in the list admits nothing and does not break the others', () => {
    const list = ['https://*.example.com', 'not a url', 'https://srm.example.com'];
    expect(checkReturnUrl('https://evil.example.com/', list)).toEqual({ ok: false, reason: 'origin' });
    expect(checkReturnUrl('https://srm.example.com/', list)).toMatchObject({ ok: true });
  });
});
