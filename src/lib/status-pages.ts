/**
 * Self-contained status pages the middleware answers with before any page renders: the unknown-host page and the
 * maintenance screen.
 */
import { getTranslator } from '../i18n/translator.ts';
import { FALLBACK_LOCALE, type Locale } from '../i18n/locales.ts';
import type { StorefrontDomain } from './domain.ts';
import escapeHtml from 'escape-html';

/**
 * The page for a host that is not a domain of the sales channel: status 421 Misdirected Request with an explanation and links to the configured domains.
 * Builds the 421 response (HTML for pages, the Store API error envelope for `/store-api/` calls). */
export function unknownDomainResponse(host: string, domains: readonly StorefrontDomain[], json: boolean): Response {
  if (json) {
    return Response.json(
      {
        errors: [
          {
            status: '421',
            code: 'STOREFRONT__DOMAIN_NOT_CONFIGURED',
            title: 'Misdirected Request',
            detail: `No domain is configured for host "${host}".`,
            meta: { parameters: { host } },
          },
        ],
      },
      { status: 421, headers: { 'cache-control': 'no-store' } },
    );
  }
  const t = getTranslator(FALLBACK_LOCALE);
  const links = domains
    .map((d) => `<li><a href="${escapeHtml(d.url)}/">${escapeHtml(d.url)}</a> (${escapeHtml(d.languageLabel)})</li>`)
    .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(t('error.domain.title'))}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2937}h1{color:#d74c3b}a{color:#b83a2b}</style></head>
<body><main><h1>${escapeHtml(t('error.domain.title'))}</h1><p>${escapeHtml(t('error.domain.text', { host }))}</p><ul>${links}</ul><p><small>421 Misdirected Request</small></p></main></body></html>`;
  return new Response(html, {
    status: 421,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/**
 * The maintenance screen (while the sales channel reports maintenance, logo, title and subtitle replace
 * everything): 503 with Retry-After, never cached.
 */
export function maintenanceResponse(locale: Locale): Response {
  const t = getTranslator(locale);
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(t('maintenance.title'))}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2937;text-align:center}h1{color:#d74c3b}</style></head>
<body><main><img src="/images/logo.svg" alt="${escapeHtml(t('site.name'))}" width="200" height="40"><h1>${escapeHtml(t('maintenance.title'))}</h1><p>${escapeHtml(t('maintenance.subtitle'))}</p></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '600' },
  });
}

/**
 * The page when the Store API cannot be reached at all: 503 with Retry-After,
 * in the fallback locale because no domain could be resolved.
 */
export function unavailableResponse(json: boolean): Response {
  const t = getTranslator(FALLBACK_LOCALE);
  if (json) {
    return Response.json(
      {
        errors: [
          {
            status: '503',
            code: 'STOREFRONT__STORE_API_UNAVAILABLE',
            title: 'Service Unavailable',
            detail: 'The Store API cannot be reached.',
          },
        ],
      },
      { status: 503, headers: { 'cache-control': 'no-store', 'retry-after': '60' } },
    );
  }
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(t('error.500.title'))}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2937}h1{color:#d74c3b}</style></head>
<body><main><h1>${escapeHtml(t('error.500.title'))}</h1><p>${escapeHtml(t('error.500.text'))}</p><p><small>503 Service Unavailable</small></p></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '60' },
  });
}
