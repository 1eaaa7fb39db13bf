// Flat ESLint config. Each block says why it exists.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import globals from 'globals';

/** src/ reaches the embedded backend only through the Store API client. */
const NO_BACKEND = {
  group: ['**/backend/**', '#backend/*'],
  message: 'src/ talks to the backend only through the Store API client (src/lib/store-api/client.ts).',
};
// The app shell (header, footer) and the layouts compose features and shared UI; nothing they compose imports them.
const NO_SHELL = {
  group: ['**/shell/**', '**/layouts/**', '#src/shell/*', '#src/layouts/*'],
  message: 'src/shell and src/layouts compose features and shared UI; features and shared code must not import them.',
};

/**
 * The documentation of the provider endpoints (contract/provider/endpoint-docs.ts: summaries, the meaning of every
 * answer) is read by the OpenAPI generator (scripts/) and tests only; code that ships reads the runtime table
 * (contract/provider/endpoints.ts through operations.ts), so neither the browser bundle nor the server carries it.
 */
const NO_ENDPOINT_DOCS = {
  regex: '(?:^|/)endpoint-docs(?:\\.ts)?$',
  message:
    'contract/provider/endpoint-docs.ts is documentation for the OpenAPI generator and tests: code that ships reads contract/provider/operations.ts.',
};

/** The feature folders of the storefront (src/features/*). */
const FEATURES = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Feature islands other features' pages embed (the catalogue's product card and page, the search results page's hit
 * by customer article number), as `feature/file` regexes.
 */
const SHARED_ISLANDS = ['price/PriceStock\\.tsx$', 'cart/AddToCart\\.tsx$', 'search/CustomerSkuHit\\.tsx$'];

/** The contract imports neither half: both import it. */
const CONTRACT_SIDES = {
  group: ['**/src/**', '#src/*', '**/backend/**', '#backend/*'],
  message: 'contract/ must not import from src/ or backend/: both import the contract.',
};

/** backend/ never imports the storefront (docs/decisions/001-embedded-store-api.md). */
const NO_SRC = {
  group: ['**/src/**', '#src/*'],
  message: 'backend/ must not import from src/ (docs/decisions/001-embedded-store-api.md).',
};
/** Production code of the backend never imports the test harness. */
const NO_TESTING = {
  regex: '(?:^|/)testing/',
  message: 'backend/testing/ (and any testing/ folder) is the test harness: only tests, tests/ and bench/ import it.',
};

/** The areas of the Store API (backend/store-api/*: routes, HTTP helpers and mappers of one part of the API). */
const STORE_API_AREAS = readdirSync(new URL('./backend/store-api/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The no-restricted-imports blocks of a backend zone (a folder): its production files get `patterns(zone)` with
 * NO_SRC, NO_TESTING and NO_ENDPOINT_DOCS; its tests and test harness get `patterns(zone)` with NO_SRC. `shallow`:
 * only the files directly in the folder. For one file the last matching block wins, so every block lists all of its
 * patterns.
 */
function backendZone(zones, patterns, { shallow = false, ignores = [] } = {}) {
  return zones.flatMap((zone) => {
    const depth = shallow ? '' : '**/';
    const harness = [`${zone}/${depth}*.test.{ts,tsx}`, `${zone}/${depth}testing/**/*.{ts,tsx,js,mjs}`];
    const rule = (extra) => ({
      'no-restricted-imports': ['error', { patterns: [NO_SRC, ...extra, ...patterns(zone)] }],
    });
    return [
      {
        files: [`${zone}/${depth}*.{ts,tsx,js,mjs}`],
        ignores: [...ignores, ...harness],
        rules: rule([NO_TESTING, NO_ENDPOINT_DOCS]),
      },
      { files: harness, ignores, rules: rule([]) },
    ];
  });
}

export default tseslint.config(
  // Build output, dependencies and generated files are not ours to lint.
  {
    ignores: [
      'tmp/**',
      'dist/**',
      'node_modules/**',
      '.astro/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'backend/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Unused arguments prefixed with _ document an intentionally ignored parameter.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  // Type-aware rules (typescript-eslint with the TypeScript project service): a promise is awaited, returned or
  // deliberately voided, never dropped or handed where a plain value is expected.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/return-await': ['error', 'error-handling-correctness-only'],
      '@typescript-eslint/unbound-method': 'error',
      '@typescript-eslint/no-array-delete': 'error',
      '@typescript-eslint/no-implied-eval': 'error',
      '@typescript-eslint/no-duplicate-type-constituents': 'error',
      '@typescript-eslint/no-unsafe-unary-minus': 'error',
      '@typescript-eslint/restrict-plus-operands': 'error',
    },
  },
  // Test harnesses live in testing/ folders; code that ships never imports them.
  {
    files: ['**/*.{ts,tsx,js,mjs,astro}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/*.spec.ts',
      '**/testing/**',
      'e2e/**',
      'tests/**',
      'bench/**',
      '*.config.{ts,js,mjs}',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression'].map((node) => ({
          selector: `${node}[source.value=/(^|\\/)testing\\//]`,
          message: 'Test harnesses (testing/ folders) are for tests only: code that ships must not import them.',
        })),
      ],
    },
  },
  // The boundary (docs/decisions/001-embedded-store-api.md): the embedded Store API never depends on the storefront.
  ...backendZone(['backend'], () => []),
  // Layers of the backend, bottom up: http, db and lib (plumbing, storage, shared rules); commerce (the domain);
  // store-api (routes, HTTP helpers and mappers to Shopware's shapes, one folder per area, each on its own); seed
  // above the app. Production code never imports the test harness (backend/testing/, any testing/ folder).
  ...backendZone(['backend/http', 'backend/db', 'backend/lib'], (zone) => [
    {
      regex: `(?:^|/)(?:store-api|commerce)/`,
      message: `${zone}/ lies below the domain and the Store API: it must not import backend/store-api or backend/commerce.`,
    },
  ]),
  ...backendZone(['backend/commerce'], () => [
    {
      regex: `(?:^|/)store-api/`,
      message:
        'backend/commerce is the domain: it must not import backend/store-api (the Store API imports the domain).',
    },
    {
      regex: '^hono(?:$|/)',
      message: 'backend/commerce is the domain: it must not import hono (HTTP lives in store-api).',
    },
  ]),
  // Root helpers of the Store API (context, criteria, mappers to Shopware's shapes) serve every area and import none;
  // routes.ts is the composition root that registers the areas.
  ...backendZone(
    ['backend/store-api'],
    () => [
      {
        regex: `^(?:\\./|.*/store-api/|#backend/store-api/)(?:${STORE_API_AREAS.join('|')})/`,
        message:
          'Root helpers of backend/store-api serve every area: they must not import an area (move what they need into backend/commerce or into a root helper).',
      },
    ],
    { shallow: true, ignores: ['backend/store-api/routes.ts'] },
  ),
  ...STORE_API_AREAS.flatMap((area) =>
    backendZone([`backend/store-api/${area}`], () => [
      {
        regex: `^(?:\\.\\./|.*/store-api/|#backend/store-api/)(?:${STORE_API_AREAS.filter((a) => a !== area).join('|')})/`,
        message: `backend/store-api/${area} must not import another area: shared domain code belongs in backend/commerce, shared Shopware mapping in a root helper of backend/store-api.`,
      },
    ]),
  ),
  // The contract is what both halves speak: it depends on neither. Its runtime modules never import the endpoint
  // documentation (the browser and the server load them); its tests and the documentation module itself may.
  {
    files: ['contract/**/*.{ts,tsx,js,mjs}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [CONTRACT_SIDES] }] },
  },
  {
    files: ['contract/**/*.{ts,tsx,js,mjs}'],
    ignores: ['contract/**/*.test.ts', 'contract/provider/endpoint-docs.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [CONTRACT_SIDES, NO_ENDPOINT_DOCS] }] },
  },
  // The storefront reaches the backend only through the Store API client; the in-process transport is the one
  // place that mounts the embedded app. No file of src/ imports the endpoint documentation (NO_ENDPOINT_DOCS).
  {
    files: ['src/**/*.{ts,tsx,js,mjs,astro}'],
    ignores: ['src/lib/store-api/transport.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_BACKEND, NO_ENDPOINT_DOCS] }] },
  },
  {
    files: ['src/lib/store-api/transport.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_ENDPOINT_DOCS] }] },
  },
  // Zones of the storefront: shared code (src/lib, src/components, src/i18n) never depends on a feature, and a
  // feature never reaches into another feature; what two features need lives in a shared folder. The only
  // cross-feature imports are the islands a catalogue page embeds, declared here.
  ...['src/lib', 'src/components', 'src/i18n'].map((zone) => ({
    files: [`${zone}/**/*.{ts,tsx,js,mjs,astro}`],
    ignores: ['src/lib/store-api/transport.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_BACKEND,
            {
              group: ['**/features/**', '#src/features/*'],
              message: `${zone}/ is shared: it must not import from src/features/ (move what it needs into a shared folder).`,
            },
            NO_SHELL,
            NO_ENDPOINT_DOCS,
          ],
        },
      ],
    },
  })),
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx,js,mjs,astro}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_BACKEND,
            {
              regex: `^(?:(?:\\.\\./)+|.*/features/|#src/features/)(?!${SHARED_ISLANDS.join('|')})(?:${FEATURES.filter((f) => f !== feature).join('|')})/`,
              message: `src/features/${feature} must not import another feature; shared code belongs in src/lib or src/components/ui.`,
            },
            NO_SHELL,
            NO_ENDPOINT_DOCS,
          ],
        },
      ],
    },
  })),
);
