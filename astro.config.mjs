// Storefront build configuration (docs/decisions/001, 003, 005 and 012).
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { createHash } from 'node:crypto';
import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { precompressDirectory } from './src/server/precompress.ts';
import { ARTICLE_LINK_IMPORT_MAX_BYTES } from './contract/provider/article-link.ts';

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

/**
 * Astro's Node adapter in middleware mode, with the storefront's own server (src/server/entry.ts) as the build's
 * server entry: `node dist/server/entry.mjs` starts it, and it serves static files, cached pages and compression
 * around the adapter's request handler (docs/decisions/018-response-delivery.md).
 */
function nodeServer(options) {
  const adapter = node({ ...options, mode: 'middleware' });
  const configDone = adapter.hooks['astro:config:done'];
  const serverEntrypoint = fileURLToPath(new URL('./src/server/entry.ts', import.meta.url));
  return {
    ...adapter,
    hooks: {
      ...adapter.hooks,
      'astro:config:done': (params) =>
        configDone({ ...params, setAdapter: (config) => params.setAdapter({ ...config, serverEntrypoint }) }),
    },
  };
}

/** Writes `.br` and `.gz` beside the client build's text files, served in place of them (src/server/precompress.ts). */
const precompressClientFiles = {
  name: 'werkbank:precompress',
  hooks: {
    'astro:build:done': async ({ dir, logger }) => {
      const { files, bytes, brotliBytes } = await precompressDirectory(fileURLToPath(dir));
      logger.info(`${files} files precompressed: ${bytes} bytes, ${brotliBytes} with brotli`);
    },
  },
};

/**
 * `client:session` (src/lib/session/session-directive.ts): islands that load no JavaScript for an anonymous visitor
 * unless a trigger of theirs fires (docs/decisions/019-hydration-on-demand.md).
 */
const sessionHydration = {
  name: 'werkbank:session-hydration',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({
        name: 'session',
        entrypoint: fileURLToPath(new URL('./src/lib/session/session-directive.ts', import.meta.url)),
      });
    },
  },
};

/**
 * The `onerror` attribute of product images in server-rendered pages (src/components/ui/ProductPicture.astro): shows
 * the placeholder when an image fails to load; the same text as IMAGE_FALLBACK_HANDLER in src/lib/product-image.ts. A
 * Content-Security-Policy allows an inline event handler only by the hash of its exact text (CSP Level 3,
 * 'unsafe-hashes'); e2e/security-headers.spec.ts fails when the two drift apart.
 */
const IMAGE_FALLBACK_HANDLER =
  "this.onerror=null;this.parentNode.querySelectorAll('source').forEach(function(s){s.remove()});this.removeAttribute('srcset');this.src='/images/placeholder-product.svg'";

/**
 * The Node adapter's request body limit: 1 MiB above the largest body the same-origin proxy accepts (the article link
 * CSV import, ARTICLE_LINK_IMPORT_MAX_BYTES). The adapter fails the body stream at its limit, which the proxy could
 * only answer with the 500 page; with the margin the proxy's own count (chunk by chunk, in chunks of at most 64 KiB)
 * always passes its limit first and answers 413 in the error envelope.
 */
const ADAPTER_BODY_SIZE_LIMIT = ARTICLE_LINK_IMPORT_MAX_BYTES + 1024 * 1024;

/**
 * The id of this build (src/lib/build-id.ts), part of every page-cache key: `WERKBANK_BUILD_ID` when set (e.g. the
 * commit a deployment builds), else the build's start time in base 36, different for every `astro build`.
 */
const BUILD_ID = process.env.WERKBANK_BUILD_ID?.trim() || Date.now().toString(36);

/** A CSP hash source (`sha256-…`, base64) of `text`. */
function sha256(text) {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

export default defineConfig({
  // Every catalogue page is rendered per request, per domain and locale (docs/decisions/005).
  output: 'server',
  // One Node process serves pages, the same-origin /store-api proxy and, in-process, the embedded Store API.
  // The adapter stops reading a request body past ADAPTER_BODY_SIZE_LIMIT (its default is 1 GiB), a backstop above
  // every limit of the proxy, which answers 413 in the Store API error envelope first (src/lib/store-api/proxy.ts,
  // docs/decisions/012 and 022).
  adapter: nodeServer({ bodySizeLimit: ADAPTER_BODY_SIZE_LIMIT }),
  integrations: [react(), embeddedBackendFiles, precompressClientFiles, sessionHydration],
  security: {
    // The middleware's Origin/Sec-Fetch-Site check (src/lib/origin-check.ts) refuses every unsafe cross-site request,
    // whatever its content type. Astro's own check saw form content types only and cannot exempt a path, but the
    // punch-out entries take form posts from procurement systems' sites by design (docs/decisions/012, addendum
    // "Punch-out entries"), so it is off.
    checkOrigin: false,
    // Every rendered page gets a Content-Security-Policy header whose script-src and style-src list the hashes of
    // exactly the inline scripts and styles it renders; src/lib/security-headers.ts adds the other directives.
    // The one inline event handler allowed (script-src-attr, by hash) is the catalogue images' fallback.
    csp: {
      scriptDirective: {
        resources: [{ resource: "'unsafe-hashes'", kind: 'attribute' }],
        hashes: [{ hash: sha256(IMAGE_FALLBACK_HANDLER), kind: 'attribute' }],
      },
    },
  },
  // Trailing slashes carry meaning in Shopware SEO paths (categories end with one), so both forms are routed.
  trailingSlash: 'ignore',
  vite: {
    plugins: [tailwindcss()],
    define: { __WERKBANK_BUILD_ID__: JSON.stringify(BUILD_ID) },
    ssr: {
      // The embedded backend loads WebAssembly and native drivers from their packages at run time; pdfkit loads its
      // standard fonts' metrics through its package's `#standard-fonts/*` imports, which fail once bundled; pg-boss
      // reads its own package.json (its schema version) and shares the `pg` driver.
      external: [
        '@electric-sql/pglite',
        'pg',
        'pg-boss',
        'drizzle-orm',
        'saxes',
        'csv-parse',
        'sanitize-html',
        'pdfkit',
      ],
    },
  },
});
