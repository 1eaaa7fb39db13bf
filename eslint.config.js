// Flat ESLint config. Each block says why it exists.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import globals from 'globals';

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
  // The boundary (ARCHITECTURE.md §2): the embedded Store API never depends on the storefront.
  {
    files: ['backend/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**', '#src/*'], message: 'backend/ must not import from src/ (ARCHITECTURE.md §2).' },
          ],
        },
      ],
    },
  },
  // The contract is what both halves speak: it depends on neither.
  {
    files: ['contract/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**', '#src/*', '**/backend/**', '#backend/*'],
              message: 'contract/ must not import from src/ or backend/: both import the contract.',
            },
          ],
        },
      ],
    },
  },
  // The storefront reaches the backend only through the Store API client; the in-process transport is the one
  // place that mounts the embedded app.
  {
    files: ['src/**/*.{ts,tsx,js,mjs,astro}'],
    ignores: ['src/lib/store-api/transport.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/backend/**', '#backend/*'],
              message: 'src/ talks to the backend only through the Store API client (src/lib/store-api/client.ts).',
            },
          ],
        },
      ],
    },
  },
);
