// Unit and backend tests sit next to the code as *.test.ts(x); Playwright specs (e2e/**/*.spec.ts) never run here.
// Files that render React declare `// @vitest-environment jsdom` themselves; the default is node.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'backend/**/*.test.ts',
      'contract/**/*.test.ts',
      'src/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      'tests/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
