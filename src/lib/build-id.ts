/**
 * The id of the storefront build this process runs: `WERKBANK_BUILD_ID` at build time, else a value unique to each
 * `astro build` (astro.config.mjs puts it in as `__WERKBANK_BUILD_ID__` through Vite's `define`); `dev` where the code
 * runs unbuilt (tests). The page cache keys pages by it (src/lib/html-cache.ts), so a page of one build is never
 * served as a page of another.
 */
declare const __WERKBANK_BUILD_ID__: string | undefined;

export const BUILD_ID: string = typeof __WERKBANK_BUILD_ID__ === 'string' ? __WERKBANK_BUILD_ID__ : 'dev';
