// `npm run test:e2e`: find Chromium, build the app, run the Playwright specs against it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium as playwrightChromium } from '@playwright/test';

// In this order: an explicit path, the Debian/Ubuntu package, Playwright's own download.
function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', playwrightChromium.executablePath()];
  return candidates.find((p) => p && existsSync(p)) ?? null;
}

const chromium = findChromium();
if (!chromium) {
  console.error(`e2e: no Chromium found${process.env.CHROMIUM_PATH ? ` (CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist)` : ''}. Any one of these works:
  - Debian/Ubuntu: sudo apt-get install -y chromium        (then /usr/bin/chromium is used)
  - Playwright's build: npx playwright install --with-deps chromium   (into ${playwrightChromium.executablePath().replace(/\/chromium-\d+\/.*$/, '')})
  - any Chromium or Chrome you have: CHROMIUM_PATH=/path/to/chrome npm run test:e2e`);
  process.exit(1);
}
console.log(`e2e: Chromium at ${chromium}`);
const env = { ...process.env, CHROMIUM_PATH: chromium, NEXT_TELEMETRY_DISABLED: '1' };
// DATABASE_URL passes through to e2e/serve.mjs, which runs the app on a fresh database beside it.
if (process.env.DATABASE_URL) {
  try {
    if (!/^postgres(ql)?:$/.test(new URL(process.env.DATABASE_URL).protocol)) throw new Error('not postgres');
  } catch {
    console.error('e2e: DATABASE_URL must be a postgres:// URL (unset: embedded PGlite).');
    process.exit(1);
  }
  console.error(`e2e: on PostgreSQL (${new URL(process.env.DATABASE_URL).host}, a fresh database per run)`);
} else console.error('e2e: on embedded PGlite (a fresh directory per run)');
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env }).status ?? 1;
if (process.env.E2E_SKIP_BUILD !== '1' && run('npm', ['run', 'build']) !== 0) process.exit(1);
process.exit(run('npx', ['playwright', 'test', ...process.argv.slice(2)]));
