/**
 * The shared first step of the registration and login-as-customer pages, reached as `/register/…` on a domain at
 * the root and as `/{prefix}/register/…` (src/pages/[prefix]/register) on domains with a path prefix.
 */
import type { AstroGlobal } from 'astro';
import { featureFlags } from '../../lib/feature-flags.ts';
import { setLanguageCookie } from '../../lib/session/language-cookie.ts';
import type { RegistrationFlags } from './registration.ts';

/**
 * Marks the page private (`Cache-Control: private, no-store`: it holds a form bound to the visitor's session) and
 * sets the `sw-language-id` cookie (spec §3). Returns a 404 rewrite when the URL's prefix segment is not the prefix
 * of the request's domain (e.g. `/xx/register/company`), otherwise null.
 */
export function preparePrivatePage(astro: AstroGlobal): Promise<Response> | null {
  const { domain } = astro.locals;
  if ((astro.params.prefix ?? '') !== domain.pathPrefix.replace(/^\//, '')) return astro.rewrite('/404');
  astro.response.headers.set('cache-control', 'private, no-store');
  setLanguageCookie(astro.cookies, astro.url, domain.languageId);
  return null;
}

/** The registration feature flags of spec §6 for this server process (env FEATURE_FLAGS). */
export function registrationFlags(): RegistrationFlags {
  const f = featureFlags();
  return {
    isNew: f['is-new'],
    existingCompanyNumber: f['existing-company-number'],
    invoiceEmail: f['invoice-email'],
    branchIndustry: f['branch-industry'],
    customerFunction: f['customer-function'],
    mobile: f.mobile,
    fax: f.fax,
    citySearch: f['city-search'],
  };
}

/** The default country of the address form: the domain's top-level domain when it is one we deliver to, else BE. */
export function defaultCountry(url: string): string {
  const tld = new URL(url).hostname.split('.').pop()?.toUpperCase() ?? '';
  return ['BE', 'NL', 'DE', 'AT', 'FR'].includes(tld) ? tld : 'BE';
}
