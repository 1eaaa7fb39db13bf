/**
 * The storefront's production server, started by ./entry.ts (`node dist/server/entry.mjs`,
 * docs/decisions/018-response-delivery.md). Astro's Node adapter runs in middleware mode inside it: this module
 * serves the client build, cached pages and compression (src/server/delivery.ts) and hands everything else to the
 * adapter's handler, which keeps its request body limit (`bodySizeLimit` in astro.config.mjs).
 *
 * Listens on `PORT` and `HOST` like Astro's standalone server did (defaults: Astro's `server.port`, 4321, and
 * `server.host`, localhost).
 *
 * `/healthz` and `/readyz` are answered before everything else (no page cache, origin check or domain lookup; never
 * cached): ready means the Store API can serve (in-process: the embedded database is open and answers) and the
 * server is not draining. SIGTERM or SIGINT drains it: readiness 503 (for SHUTDOWN_DELAY_MS, default 0), no new
 * connections, requests in flight finish
 * within SHUTDOWN_TIMEOUT_MS (default 10 s), then the embedded database closes and the process exits 0
 * (backend/http/lifecycle.ts, reached through the Store API transport).
 *
 * With `ASSET_ARCHIVE_DIR`, the build's hashed assets are copied into that shared folder at start and the `/_astro/*`
 * files of other builds are served from it (./asset-archive.ts: rolling deploys).
 */
import { handler, options } from '@astrojs/node/server.js';
import { createServer } from 'node:http';
import {
  createReadiness,
  getTransport,
  onShutdownSignals,
  shutdownDelayMs,
  shutdownTimeoutMs,
  withHealthEndpoints,
} from '#src/lib/store-api/transport.ts';
import { archiveBuildAssets } from './asset-archive.ts';
import { findCachedPage } from './cached-pages.ts';
import { createDeliveryHandler } from './delivery.ts';

/**
 * Starts listening and installs the shutdown handlers (see the module comment). `clientDir` is the absolute path of
 * the client build (`dist/client`).
 */
export function startServer(clientDir: string): void {
  const port = Number(process.env.PORT ?? options.port ?? 4321);
  const configuredHost: unknown = options.host;
  const host =
    process.env.HOST ??
    (typeof configuredHost === 'string' ? configuredHost : configuredHost ? '0.0.0.0' : 'localhost');

  const timeoutMs = shutdownTimeoutMs(process.env);
  const delayMs = shutdownDelayMs(process.env);
  const readiness = createReadiness(() => getTransport().readiness());
  const archiveDir = process.env.ASSET_ARCHIVE_DIR?.trim() || undefined;
  if (archiveDir) {
    archiveBuildAssets(clientDir, archiveDir).then(
      ({ copied, present }) =>
        console.log(`[werkbank] asset archive ${archiveDir}: ${copied} files added, ${present} already there`),
      (error: unknown) => console.error(`[werkbank] asset archive ${archiveDir} not written:`, error),
    );
  }

  const server = createServer(
    withHealthEndpoints(
      readiness,
      createDeliveryHandler({
        clientDir,
        app: (req, res) => handler(req, res),
        findCachedPage,
        archiveDir,
      }),
    ),
  );
  server.listen(port, host, () => {
    console.log(`[werkbank] storefront listening on http://${host}:${port}`);
  });
  onShutdownSignals({
    server,
    readiness,
    timeoutMs,
    delayMs,
    close: () => getTransport().close(),
    label: 'storefront',
  });
}
