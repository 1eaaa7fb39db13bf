/**
 * Standalone entry of the embedded Store API: `npm run backend` serves it over HTTP on BACKEND_PORT (default 8000),
 * for deployments with several storefront and backend instances over one PostgreSQL, and for browser-based headless
 * frontends (CORS for the origins of CORS_ALLOWED_ORIGINS). Request bodies are limited to MAX_STORE_API_BODY_BYTES
 * while they stream in (backend/http/standalone.ts).
 *
 * `/healthz` and `/readyz` answer the probes of a load balancer from the moment the server listens, which is before
 * the runtime has started (`/readyz` answers 503 `starting` until then, and tries a failed start again). SIGTERM or
 * SIGINT drains the server (readiness 503 for SHUTDOWN_DELAY_MS, no new connections, requests in flight finish within
 * SHUTDOWN_TIMEOUT_MS, default 10 s), closes the database and exits 0 (backend/http/lifecycle.ts).
 */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { loadBackendConfig } from './config.ts';
import { processRole } from './jobs/boss.ts';
import { createReadiness, onShutdownSignals, shutdownDelayMs, shutdownTimeoutMs } from './http/lifecycle.ts';
import { standaloneStoreApi } from './http/standalone.ts';
import { checkRuntimeReady, closeRuntime, getRuntime } from './runtime.ts';

const port = Number(process.env.BACKEND_PORT ?? 8000);
const timeoutMs = shutdownTimeoutMs(process.env);
const delayMs = shutdownDelayMs(process.env);
// Settings are checked before listening: a wrong value stops the process at once instead of failing every start.
loadBackendConfig(process.env);
processRole(process.env);
// The server listens while the runtime starts (migrations and seeds, or in cluster mode the wait for them), so that
// `/readyz` answers 503 `starting` meanwhile; a failed start is logged and tried again by the next probe.
getRuntime().catch((error: unknown) => console.error('[werkbank] Store API start failed:', error));
const readiness = createReadiness(() => checkRuntimeReady({ start: true }));
const app = new Hono();
app.all('*', async (c) => (await getRuntime()).app.fetch(c.req.raw, c.env));
const server = serve(
  { fetch: standaloneStoreApi(app, process.env, { readiness }).fetch, port, hostname: process.env.HOST ?? '127.0.0.1' },
  (info) => {
    console.log(`Store API listening on http://${info.address}:${info.port}/store-api`);
  },
);
onShutdownSignals({ server: server as Server, readiness, timeoutMs, delayMs, close: closeRuntime, label: 'Store API' });
