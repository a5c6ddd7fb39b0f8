import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    // Unit and HTTP suites beside the code (and the docs' own checks); Playwright specs live in
    // e2e/ and run apart.
    include: ['server/**/*.test.ts', 'db/**/*.test.ts', 'docs/**/*.test.ts', 'app/**/*.test.ts'],
    globalSetup: ['server/testing/global-setup.ts'],
    // The default output, then one line per server or program a skipped test needed.
    reporters: ['default', './server/testing/skip-reporter.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
