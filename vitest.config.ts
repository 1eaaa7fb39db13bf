// Unit and backend tests sit next to the code as *.test.ts(x); Playwright specs (e2e/**/*.spec.ts) never run here.
// Three projects (`npx vitest run --project dom …`):
// - dom: storefront components and the browser-side stores, in jsdom with src/testing/setup-dom.ts;
// - db: backend and Store API contract tests; each in-memory PGlite database starts from one migrated dump per run
//   (backend/db/testing/migrated-dump.ts, backend/db/testing/setup-db.ts);
// - node: everything else (contract, scripts, storefront modules without a DOM).
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** Storefront tests that need a DOM although they render no React: the browser-side stores and Store API client. */
const DOM_MODULE_TESTS = [
  'src/lib/cart/cart-store.test.ts',
  'src/lib/session/session-store.test.ts',
  'src/lib/session/punchout-store.test.ts',
  'src/lib/store-api/browser.test.ts',
  'src/lib/store-api/error-messages.test.ts',
  'src/lib/store-api/provider.test.ts',
];
const DOM_TESTS = ['src/**/*.test.tsx', ...DOM_MODULE_TESTS];
const DB_TESTS = ['backend/**/*.test.ts', 'tests/**/*.test.ts'];

const project = (test: TestProjectInlineConfiguration['test']): TestProjectInlineConfiguration => ({
  extends: true,
  test,
});

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      project({
        name: 'node',
        environment: 'node',
        include: ['contract/**/*.test.ts', 'src/**/*.test.ts', 'scripts/**/*.test.ts'],
        exclude: DOM_MODULE_TESTS,
      }),
      project({
        name: 'dom',
        environment: 'jsdom',
        include: DOM_TESTS,
        setupFiles: ['src/testing/setup-dom.ts'],
      }),
      project({
        name: 'db',
        environment: 'node',
        include: DB_TESTS,
        exclude: ['tests/cluster/**'],
        globalSetup: ['backend/db/testing/migrated-dump.ts'],
        setupFiles: ['backend/db/testing/setup-db.ts'],
      }),
    ],
  },
});
