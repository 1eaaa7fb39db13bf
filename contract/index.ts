/**
 * What the storefront (src/) and the embedded Store API (backend/) both speak: valibot schemas with their inferred
 * types for the provider endpoints, the error envelope, and the shared vocabularies (rights, roles, branches,
 * countries, username and password rules). This folder imports neither backend/ nor src/.
 */
export * from './branches.ts';
export * from './checkout.ts';
export * from './countries.ts';
export * from './cover-image.ts';
export * from './credentials.ts';
export * from './delivery-time.ts';
export * from './errors.ts';
export * from './fields.ts';
export * from './ids.ts';
export * from './locales.ts';
export * from './rights.ts';
export * from './vat.ts';
export * from './provider.ts';
export * from './provider/addresses.ts';
export * from './provider/article-information.ts';
export * from './provider/company-users.ts';
export * from './provider/development.ts';
export * from './provider/login-as.ts';
export * from './provider/pickup-location.ts';
export * from './provider/registration.ts';
export * from './provider/rights.ts';
export * from './provider/variants.ts';
export * from './provider/endpoints.ts';
