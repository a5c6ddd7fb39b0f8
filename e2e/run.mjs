// `npm run test:e2e`: find Chromium, build the app, run the Playwright specs against it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function findChromium() {
  for (const p of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) if (p && existsSync(p)) return p;
  return null;
}

const chromium = findChromium();
if (!chromium) {
  console.error('e2e: no Chromium found: install it (apt-get install -y chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}
const env = { ...process.env, CHROMIUM_PATH: chromium, NEXT_TELEMETRY_DISABLED: '1' };
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env }).status ?? 1;
if (process.env.E2E_SKIP_BUILD !== '1' && run('npx', ['next', 'build']) !== 0) process.exit(1);
process.exit(run('npx', ['playwright', 'test', ...process.argv.slice(2)]));
