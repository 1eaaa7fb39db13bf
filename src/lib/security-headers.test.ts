import { describe, expect, test } from 'vitest';
import {
  contentSecurityPolicy,
  parseFrameAncestors,
  securityHeaders,
  withSecurityHeaders,
} from './security-headers.ts';

const astroPolicy = "script-src 'self' 'sha256-abc='; style-src 'self' 'sha256-def='";

describe('Content-Security-Policy', () => {
  test("keeps the page's hashed script-src and style-src and adds the other directives", () => {
    const policy = contentSecurityPolicy(astroPolicy);
    expect(policy).toContain("script-src 'self' 'sha256-abc='");
    expect(policy).toContain("style-src 'self' 'sha256-def='");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
  });

  test('responses without a page policy run no script', () => {
    expect(contentSecurityPolicy(null)).toContain("script-src 'none'");
  });

  test('frame-ancestors lists the configured procurement origins', () => {
    const frameAncestors = parseFrameAncestors('https://srm.example.com, https://ariba.example.net:8443/path');
    expect(frameAncestors).toEqual(['https://srm.example.com', 'https://ariba.example.net:8443']);
    expect(contentSecurityPolicy(astroPolicy, { frameAncestors })).toContain(
      "frame-ancestors 'self' https://srm.example.com https://ariba.example.net:8443",
    );
  });

  test.each(['*', "'none'", 'srm.example.com', 'javascript:alert(1)'])('FRAME_ANCESTORS refuses %s', (value) => {
    expect(() => parseFrameAncestors(value)).toThrow(/FRAME_ANCESTORS/);
  });
});

describe('securityHeaders', () => {
  test('nosniff, referrer policy; HSTS only when the configured public URL is https', () => {
    expect(securityHeaders(null, { publicUrl: 'http://localhost:4321' })).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    expect(securityHeaders(null, { publicUrl: 'http://localhost:4321' })['strict-transport-security']).toBeUndefined();
    expect(securityHeaders(null, { publicUrl: 'https://www.example.be/fr' })['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  test('are set on immutable responses too', async () => {
    const immutable = Response.redirect('https://www.example.be/', 302);
    const res = withSecurityHeaders(immutable, {});
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('location')).toBe('https://www.example.be/');
  });
});

describe('pages with a policy of their own', () => {
  const transferPolicy =
    "default-src 'none'; script-src 'sha256-submit='; form-action https://srm.example.com; base-uri 'none'";

  test('a punch-out transfer page keeps its form-action and script hash; frame-ancestors is added', () => {
    const response = withSecurityHeaders(
      new Response('<form></form>', { headers: { 'content-security-policy': transferPolicy } }),
      { frameAncestors: ['https://srm.example.com'] },
    );
    const policy = response.headers.get('content-security-policy')!;
    expect(policy.startsWith(transferPolicy)).toBe(true);
    expect(policy).not.toContain("form-action 'self'");
    expect(policy).toContain("frame-ancestors 'self' https://srm.example.com");
  });

  test('a Referrer-Policy the response sets is kept, others get strict-origin-when-cross-origin', () => {
    const own = withSecurityHeaders(new Response(null, { status: 303, headers: { 'referrer-policy': 'no-referrer' } }));
    expect(own.headers.get('referrer-policy')).toBe('no-referrer');
    expect(withSecurityHeaders(new Response(null)).headers.get('referrer-policy')).toBe(
      'strict-origin-when-cross-origin',
    );
  });
});
