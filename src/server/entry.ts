/**
 * The storefront's production server, built to `dist/server/entry.mjs` and started with `node dist/server/entry.mjs`
 * (docs/decisions/018-response-delivery.md). Astro's Node adapter runs in middleware mode inside it: this module
 * serves the client build, cached pages and compression (src/server/delivery.ts) and hands everything else to the
 * adapter's handler, which keeps its request body limit (`bodySizeLimit` in astro.config.mjs).
 *
 * Listens on `PORT` and `HOST` like Astro's standalone server did (defaults: Astro's `server.port`, 4321, and
 * `server.host`, localhost).
 */
import { handler, options } from '@astrojs/node/server.js';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { findCachedPage } from './cached-pages.ts';
import { createDeliveryHandler } from './delivery.ts';

const port = Number(process.env.PORT ?? options.port ?? 4321);
const configuredHost: unknown = options.host;
const host =
  process.env.HOST ?? (typeof configuredHost === 'string' ? configuredHost : configuredHost ? '0.0.0.0' : 'localhost');

const server = createServer(
  createDeliveryHandler({
    clientDir: fileURLToPath(new URL('../client/', import.meta.url)),
    app: (req, res) => handler(req, res),
    findCachedPage,
  }),
);
server.listen(port, host, () => {
  console.log(`[werkbank] storefront listening on http://${host}:${port}`);
});
