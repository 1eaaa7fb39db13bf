// Storefront build configuration (docs/decisions/001, 003, 005 and 012).
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The embedded backend is bundled into the server build, but its SQL migrations are files read at run time: copy
 * them next to the server entry so `dist/` runs on its own (src/lib/store-api/transport.ts looks there).
 */
const embeddedBackendFiles = {
  name: 'werkbank:embedded-backend-files',
  hooks: {
    'astro:build:done': ({ dir }) => {
      const serverDir = new URL('../server/', dir);
      cpSync(
        fileURLToPath(new URL('./backend/db/migrations', import.meta.url)),
        fileURLToPath(new URL('migrations', serverDir)),
        { recursive: true },
      );
    },
  },
};

export default defineConfig({
  // Every catalogue page is rendered per request, per domain and locale (docs/decisions/005).
  output: 'server',
  // One Node process serves pages, the same-origin /store-api proxy and, in-process, the embedded Store API.
  // The adapter stops reading a request body past 2 MiB (its default is 1 GiB); the proxy answers 413 at 1 MiB
  // before that, in the Store API error envelope (src/lib/store-api/proxy.ts, docs/decisions/012).
  adapter: node({ mode: 'standalone', bodySizeLimit: 2 * 1024 * 1024 }),
  integrations: [react(), embeddedBackendFiles],
  // Astro's own check covers form content types; src/middleware.ts adds the Origin/Sec-Fetch-Site check for all.
  security: { checkOrigin: true },
  // Trailing slashes carry meaning in Shopware SEO paths (categories end with one), so both forms are routed.
  trailingSlash: 'ignore',
  vite: {
    plugins: [tailwindcss()],
    ssr: {
      // The embedded backend loads WebAssembly and native drivers from their packages at run time.
      external: ['@electric-sql/pglite', 'pg', 'drizzle-orm', 'sharp', 'saxes', 'csv-parse', 'sanitize-html'],
    },
  },
});
