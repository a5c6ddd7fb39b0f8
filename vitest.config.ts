import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    // Unit and HTTP suites beside the code; Playwright specs live in e2e/ and run apart.
    include: ['server/**/*.test.ts', 'db/**/*.test.ts'],
    globalSetup: ['server/testing/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
