// The production entry on a fresh database seeded with the demo workspace: embedded PGlite, or
// with DATABASE_URL a new PostgreSQL database named after it (created here, dropped on exit), so
// the browser specs run on both engines like the unit suites.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = join(mkdtempSync(join(tmpdir(), 'refcount-e2e-')), 'pglite');
const postgres = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : null;

/** A new empty database beside the one DATABASE_URL names; `drop` removes it. */
async function freshPostgres(url) {
  const { default: pg } = await import('postgres');
  const at = (name) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();
  const prefix = `${new URL(url).pathname.slice(1) || 'refcount'}_e2e_`;
  const name = `${prefix}${process.pid}`;
  const admin = () => pg(at('postgres'), { max: 1, onnotice: () => {} });
  const sql = admin();
  // A run that was killed could not drop its database: drop those whose process is gone.
  const alive = (pid) => {
    try {
      return process.kill(pid, 0);
    } catch {
      return false;
    }
  };
  for (const { datname } of await sql`select datname from pg_database where starts_with(datname, ${prefix})`) {
    const pid = Number(datname.slice(prefix.length));
    if (pid === process.pid || !alive(pid)) await sql.unsafe(`drop database if exists "${datname}" with (force)`);
  }
  await sql.unsafe(`create database "${name}"`);
  await sql.end();
  process.stderr.write(`e2e: PostgreSQL database ${name}\n`);
  return {
    url: at(name),
    publicId: async (workspaceId) => {
      const db = pg(at(name), { max: 1, onnotice: () => {} });
      const [row] = await db`select public_id from workspaces where id = ${workspaceId}`;
      await db.end();
      return row?.public_id;
    },
    drop: async () => {
      const a = admin();
      await a.unsafe(`drop database if exists "${name}" with (force)`);
      await a.end();
    },
  };
}
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
  DATABASE_URL: postgres?.url ?? '',
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  SMTP_URL: smtp.url,
  // The Import page reads Rewardful's API from the stand-in e2e/dashboard/import.spec.ts starts two
  // ports up (server/testing/rewardful/fake-api.ts); honoured in production only with the test flag.
  REFCOUNT_IMPORT_TEST_PEERS: 'true',
  REFCOUNT_IMPORT_BASE_URL_REWARDFUL: `http://127.0.0.1:${Number(process.env.PORT ?? 3000) + 2}/v1`,
};
const seed = spawnSync(process.execPath, ['bin/refcount.mjs', 'seed', '--json'], { env, encoding: 'utf8' });
if (seed.status !== 0) {
  process.stderr.write(seed.stderr);
  process.exit(1);
}
const demo = JSON.parse(seed.stdout);
process.stderr.write(`e2e: seeded demo workspace ${demo.workspaceId}\n`);
// A second, empty workspace with its own owner and key, for specs that need a program nobody has
// set up yet (e2e/dashboard/onboarding.spec.ts): handed over like the demo's, in its own file.
const cli = (...args) => {
  const r = spawnSync(process.execPath, ['bin/refcount.mjs', ...args, '--json'], { env, encoding: 'utf8' });
  if (r.status !== 0) {
    process.stderr.write(r.stderr);
    process.exit(1);
  }
  return JSON.parse(r.stdout);
};
const fresh = { email: 'fresh-owner@example.com', password: 'fresh-owner-password' };
fresh.workspaceId = cli('workspace', 'create', '--name', 'Fresh Co').id;
cli('user', 'create', '--workspace', fresh.workspaceId, '--email', fresh.email, '--password', fresh.password, '--role', 'owner');
fresh.token = cli('keys', 'create', '--workspace', fresh.workspaceId, '--scopes', '*', '--name', 'e2e').token;
// Specs that drive the browser snippet need the demo's public workspace id and key: handed over
// in a file named by the port (read before the server opens the directory; one process at a time).
async function embeddedPublicId(workspaceId) {
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create(dir);
  const { rows } = await pg.query('select public_id from workspaces where id = $1', [workspaceId]);
  await pg.close();
  return rows[0]?.public_id;
}
const publicId = postgres ? await postgres.publicId(demo.workspaceId) : await embeddedPublicId(demo.workspaceId);
writeFileSync(join(tmpdir(), `refcount-e2e-demo-${process.env.PORT ?? 3000}.json`), JSON.stringify({ ...demo, publicId }), { mode: 0o600 });
writeFileSync(join(tmpdir(), `refcount-e2e-fresh-${process.env.PORT ?? 3000}.json`), JSON.stringify(fresh), { mode: 0o600 });
// Started as `npm start` starts it: the compiled entry of `npm run build`, with its Node flags.
const { START_FLAGS } = await import('../scripts/build/start-flags.ts');
const server = spawn(process.execPath, [...START_FLAGS, 'dist/server.mjs'], { env, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => void Promise.all([smtp.close(), postgres?.drop()]).finally(() => process.exit(code ?? 0)));
