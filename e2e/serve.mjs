// The production entry on a fresh embedded database seeded with the demo workspace.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = join(mkdtempSync(join(tmpdir(), 'refcount-e2e-')), 'pglite');
// E-mails go to a real SMTP server in this process; each one received is appended to a file the
// specs read (e2e/support.ts mailTo), named by the port like the demo file below.
const { startSmtp } = await import('../server/testing/smtp.ts');
const mailbox = join(tmpdir(), `refcount-e2e-mail-${process.env.PORT ?? 3000}.jsonl`);
writeFileSync(mailbox, '', { mode: 0o600 });
const smtp = await startSmtp({ onMessage: (m) => appendFileSync(mailbox, `${JSON.stringify(m)}\n`) });
// Webhook specs deliver to a receiver on 127.0.0.1, which production refuses (SSRF guard).
const env = {
  ...process.env,
  PGLITE_DIR: dir,
  DATABASE_URL: '',
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  SMTP_URL: smtp.url,
};
const seed = spawnSync(process.execPath, ['bin/refcount.mjs', 'seed', '--json'], { env, encoding: 'utf8' });
if (seed.status !== 0) {
  process.stderr.write(seed.stderr);
  process.exit(1);
}
const demo = JSON.parse(seed.stdout);
process.stderr.write(`e2e: seeded demo workspace ${demo.workspaceId}\n`);
// Specs that drive the browser snippet need the demo's public workspace id and key: handed over
// in a file named by the port (read before the server opens the directory; one process at a time).
const { PGlite } = await import('@electric-sql/pglite');
const pg = await PGlite.create(dir);
const { rows } = await pg.query('select public_id from workspaces where id = $1', [demo.workspaceId]);
await pg.close();
writeFileSync(join(tmpdir(), `refcount-e2e-demo-${process.env.PORT ?? 3000}.json`), JSON.stringify({ ...demo, publicId: rows[0]?.public_id }), { mode: 0o600 });
const server = spawn(process.execPath, ['--import', 'tsx', 'server/http/main.ts'], { env, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => void smtp.close().then(() => process.exit(code ?? 0)));
