/**
 * Standalone entry of the embedded Store API: `npm run backend` serves it over HTTP on BACKEND_PORT (default 8000),
 * for deployments with several storefront and backend instances over one PostgreSQL, and for browser-based headless
 * frontends (CORS for the origins of CORS_ALLOWED_ORIGINS). Request bodies are limited to MAX_STORE_API_BODY_BYTES
 * while they stream in (backend/http/standalone.ts).
 *
 * `/healthz` and `/readyz` answer the probes of a load balancer; SIGTERM or SIGINT drains the server (readiness 503
 * for SHUTDOWN_DELAY_MS,
 * no new connections, requests in flight finish within SHUTDOWN_TIMEOUT_MS, default 10 s), closes the database and
 * exits 0 (backend/http/lifecycle.ts).
 */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createReadiness, onShutdownSignals, shutdownDelayMs, shutdownTimeoutMs } from './http/lifecycle.ts';
import { standaloneStoreApi } from './http/standalone.ts';
import { checkRuntimeReady, closeRuntime, getRuntime } from './runtime.ts';

const port = Number(process.env.BACKEND_PORT ?? 8000);
const timeoutMs = shutdownTimeoutMs(process.env);
const delayMs = shutdownDelayMs(process.env);
const { app } = await getRuntime();
const readiness = createReadiness(() => checkRuntimeReady());
const server = serve(
  { fetch: standaloneStoreApi(app, process.env, { readiness }).fetch, port, hostname: process.env.HOST ?? '127.0.0.1' },
  (info) => {
    console.log(`Store API listening on http://${info.address}:${info.port}/store-api`);
  },
);
onShutdownSignals({ server: server as Server, readiness, timeoutMs, delayMs, close: closeRuntime, label: 'Store API' });
