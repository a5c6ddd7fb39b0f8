import { defineConfig } from '@playwright/test';

// Driven by e2e/run.mjs, which finds Chromium, builds the app and sets these variables.
const port = Number(process.env.E2E_PORT ?? 3210);
const chromium = process.env.CHROMIUM_PATH;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: chromium || undefined,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'node --import tsx e2e/serve.mjs',
    url: `http://localhost:${port}/login`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM rather than the default SIGKILL, so e2e/serve.mjs can drop its PostgreSQL database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    // The app reads Stripe's API from the fake e2e/integrations/stripe-api-key.spec.ts starts on
    // the next port (server/testing/stripe/fake-api.ts), never from Stripe.
    env: { PORT: String(port), STRIPE_API_URL: `http://127.0.0.1:${port + 1}` },
  },
});
