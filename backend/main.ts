/**
 * Standalone entry of the embedded Store API: `npm run backend` serves it over HTTP on BACKEND_PORT (default 8000),
 * for deployments with several storefront and backend instances over one PostgreSQL, and for browser-based headless
 * frontends (CORS for the origins of CORS_ALLOWED_ORIGINS). Request bodies are limited to MAX_STORE_API_BODY_BYTES
 * while they stream in (backend/http/standalone.ts).
 */
import { serve } from '@hono/node-server';
import { standaloneStoreApi } from './http/standalone.ts';
import { getRuntime } from './runtime.ts';

const port = Number(process.env.BACKEND_PORT ?? 8000);
const { app } = await getRuntime();
serve({ fetch: standaloneStoreApi(app).fetch, port, hostname: process.env.HOST ?? '127.0.0.1' }, (info) => {
  console.log(`Store API listening on http://${info.address}:${info.port}/store-api`);
});
