// Storefront build configuration (docs/decisions and ARCHITECTURE.md §1–3).
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
  // Every catalogue page is rendered per request, per domain and locale (ARCHITECTURE §3).
  output: 'server',
  // One Node process serves pages, the same-origin /store-api proxy and, in-process, the embedded Store API.
  adapter: node({ mode: 'standalone' }),
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
