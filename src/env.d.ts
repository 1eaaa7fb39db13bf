/// <reference types="astro/client" />

/**
 * What `src/middleware.ts` resolves once per request and every page reads from `Astro.locals`.
 */
declare namespace App {
  interface Locals {
    /** The domain of the request (host + longest path prefix): its language, locale and currency (ADR 003). */
    domain: import('./lib/domain.ts').StorefrontDomain;
    /** All domains of the sales channel, in switcher order. */
    domains: import('./lib/domain.ts').StorefrontDomain[];
    /** Locale of the domain, e.g. 'en-GB'. */
    locale: import('./i18n/locales.ts').Locale;
    /** Translates a message key into the domain's locale with `{name}` values. */
    t: import('./i18n/translator.ts').Translate;
    /** The untranslated-placeholder message (`'{count} variants'`) for island props. */
    raw: (key: import('./i18n/locales.ts').MessageKey) => string;
    /** Request path below the domain's prefix, starting with '/'. */
    path: string;
    /** Store API client bound to the domain's language and an anonymous context (catalogue HTML is shared). */
    storeApi: import('./lib/store-api/client.ts').StoreApiClient;
    /** Sales channel settings (robots default, maintenance flag). */
    settings: import('./lib/sales-channel.ts').SalesChannelSettings;
    /**
     * Set by a page whose HTML is the same for every visitor of the domain; the middleware then sends it as public,
     * with an ETag, and keeps it in the in-process cache. Leave null for anything session-dependent.
     */
    cachePolicy: import('./lib/html-cache.ts').PageCachePolicy | null;
  }
}
