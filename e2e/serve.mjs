// The production entry on a fresh embedded database seeded with the demo workspace.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = join(mkdtempSync(join(tmpdir(), 'refcount-e2e-')), 'pglite');
const env = { ...process.env, PGLITE_DIR: dir, DATABASE_URL: '', NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };
const seed = spawnSync(process.execPath, ['bin/refcount.mjs', 'seed', '--json'], { env, encoding: 'utf8' });
if (seed.status !== 0) {
  process.stderr.write(seed.stderr);
  process.exit(1);
}
process.stderr.write(`e2e: seeded demo workspace ${JSON.parse(seed.stdout).workspaceId}\n`);
const server = spawn(process.execPath, ['--import', 'tsx', 'server/http/main.ts'], { env, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
