// The cluster test (`npm run cluster:test`): real processes behind HAProxy over one PostgreSQL (tests/cluster/). It is
// kept out of the default Vitest run (vitest.config.ts) because it needs the production build and starts six
// processes; `npm test` runs it as its own step after the end-to-end tests.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.cluster.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
