// End-to-end tests in Debian's Chromium against the production build, on freshly seeded PGlite databases with the
// real catalogue from ../shared/catalog. Playwright cannot download its own browser here.
import { defineConfig, devices } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_PORT, E2E_WORKERS } from './e2e/shops.ts';

// One shop with its own fresh database per worker: worker n (its parallel index) talks to the server on
// E2E_PORT + n (4400, 4401), whose PGlite lives in its own folder below E2E_DATA_DIR (the server keeps its database
// in-process, so a database of its own means a server of its own). support.ts's worker fixture sets each test's
// `baseURL` to its worker's shop. Why: the workers no longer see each other's changes, so a test cannot fail or pass
// because of what a test in the other worker did meanwhile (a cart, a budget, a password, the outbox), and each
// server carries half the load. The price is one more server to seed at the start: Playwright starts the servers
// one after another, each seeding the real catalogue before it answers. Within a worker the tests still run one
// after another on one database, so a test that changes what a user owns still uses a demo user no other spec uses
// or invites a fresh buyer (support.ts inviteBuyer), and `loginAs` (support.ts) logs the test's own browser context
// in. The folder is set once here and inherited by the workers, which load this file again.
process.env.E2E_DATA_DIR ??= join(tmpdir(), `werkbank-e2e-${Date.now()}`);
const dataRoot = process.env.E2E_DATA_DIR;
// A second shop whose provider path segment is not the default (STORE_API_PROVIDER=acme), with its own database:
// the "acme" project checks that storefront and Store API follow that one setting. Its project names its baseURL, so
// the per-worker shops above do not apply to it.
const acmePort = Number(process.env.E2E_ACME_PORT ?? 4410);
process.env.E2E_ACME_DATA_DIR ??= join(tmpdir(), `werkbank-e2e-acme-${Date.now()}`);

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  testMatch: /\.spec\.ts$/,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: E2E_WORKERS,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  // No baseURL here: support.ts gives each test its worker's shop (the acme project names its own).
  use: {
    trace: 'retain-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
      testIgnore: /(mobile|provider)\.spec\.ts$/,
    },
    {
      name: 'mobile',
      use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 812 }, isMobile: false },
      testMatch: /mobile\.spec\.ts$/,
    },
    {
      name: 'acme',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        baseURL: `http://localhost:${acmePort}`,
      },
      testMatch: /provider\.spec\.ts$/,
    },
  ],
  webServer: [
    ...Array.from({ length: E2E_WORKERS }, (_, index) => ({
      command: 'node dist/server/entry.mjs',
      url: `http://localhost:${E2E_PORT + index}/`,
      timeout: 300_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'pipe' as const,
      // PUNCHOUT_TEST_PAGE: the procurement simulator (/punchout-test) plays SAP SRM and Ariba for
      // e2e/punchout.spec.ts.
      env: {
        PORT: String(E2E_PORT + index),
        HOST: '127.0.0.1',
        DATA_DIR: join(dataRoot, `worker-${index}`),
        WERKBANK_DEV_OUTBOX: '1',
        PUNCHOUT_TEST_PAGE: '1',
      },
    })),
    {
      command: 'node dist/server/entry.mjs',
      url: `http://localhost:${acmePort}/`,
      // Seeds its own database after the workers' shops, on the same cores.
      timeout: 600_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'pipe',
      env: {
        PORT: String(acmePort),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_ACME_DATA_DIR,
        STORE_API_PROVIDER: 'acme',
      },
    },
  ],
});
