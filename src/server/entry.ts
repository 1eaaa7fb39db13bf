/**
 * The build's server entry (`node dist/server/entry.mjs`; astro.config.mjs makes it the Node adapter's
 * `serverEntrypoint`): selects the production builds of the server's libraries, then starts the server (./server.ts).
 *
 * `NODE_ENV` is set to `production` unless the environment names a mode: React, react-dom and other libraries choose
 * between their development and production builds by `process.env.NODE_ENV` when they are first loaded, and without
 * it they run their development builds, which check and record far more per render ("Use the production build",
 * https://legacy.reactjs.org/docs/optimizing-performance.html#use-the-production-build). The server is imported only
 * after the assignment: static imports would load React before it.
 */
import { fileURLToPath } from 'node:url';

process.env.NODE_ENV ??= 'production';
const { startServer } = await import('./server.ts');
startServer(fileURLToPath(new URL('../client/', import.meta.url)));
