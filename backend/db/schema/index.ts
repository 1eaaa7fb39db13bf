/** Every table of the embedded Store API, for Drizzle and drizzle-kit. */
export * from './sales-channel.ts';
export * from './category.ts';
export * from './product.ts';
export * from './media-file.ts';
export * from './seo.ts';
export * from './context.ts';
export * from './listing.ts';
export * from './customer.ts';
export * from './checkout.ts';
export * from './spending.ts';
export * from './erp.ts';
export * from './buyer-catalog.ts';
export * from './punchout.ts';
export * from './cache-version.ts';
