// End-to-end tests in Debian's Chromium against the production build, on a freshly seeded PGlite database with the
// real catalogue from ../shared/catalog. Playwright cannot download its own browser here.
import { defineConfig, devices } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 4400);
// A fresh database per run, shared by the web server and the workers (which inherit this environment). Not one per
// worker: a database is a server of its own (dist/server/entry.mjs keeps its PGlite in-process), and every server
// seeds the real catalogue before it answers, which costs on the 2 cores about as long as the second shop below takes
// to come up; two workers sharing one server is cheaper. The workers stay apart by data instead: a test that changes
// what a user owns uses a demo user no other spec uses or invites a fresh buyer (support.ts inviteBuyer), and
// `loginAs` (support.ts) logs the test's own browser context in.
process.env.E2E_DATA_DIR ??= join(tmpdir(), `werkbank-e2e-${Date.now()}`);
// A second shop whose provider path segment is not the default (STORE_API_PROVIDER=acme), with its own database:
// the "acme" project checks that storefront and Store API follow that one setting.
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
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
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
    {
      command: 'node dist/server/entry.mjs',
      url: `http://localhost:${port}/`,
      timeout: 300_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'pipe',
      // The procurement simulator (/punchout-test) plays SAP SRM and Ariba for e2e/punchout.spec.ts.
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        WERKBANK_DEV_OUTBOX: '1',
        PUNCHOUT_TEST_PAGE: '1',
      },
    },
    {
      command: 'node dist/server/entry.mjs',
      url: `http://localhost:${acmePort}/`,
      // Seeds its own database beside the first shop on the same cores.
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
