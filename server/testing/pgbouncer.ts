import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Debian's pgbouncer in transaction mode in front of a PostgreSQL server, for the pooler tests.
// It refuses to run as root: root has it switch to postgres (-u).

export const pgbouncerBin = () => ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => existsSync(p)) ?? null;

/** [major, minor] of the installed pgbouncer. */
export function pgbouncerVersion(): [number, number] {
  const out = spawnSync(pgbouncerBin()!, ['--version'], { encoding: 'utf8' }).stdout;
  const m = /PgBouncer (\d+)\.(\d+)/.exec(out);
  return m ? [Number(m[1]), Number(m[2])] : [0, 0];
}

/** PgBouncer tracks protocol-level prepared statements from 1.21 on (max_prepared_statements). */
export const pgbouncerPreparesStatements = () => {
  const [major, minor] = pgbouncerVersion();
  return major > 1 || (major === 1 && minor >= 21);
};

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect({ host: '127.0.0.1', port });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

/** pgbouncer on `port` pooling every database of `serverUrl`'s server, a few server connections each. */
export async function startPgBouncer(port: number, serverUrl: string, poolSize = 3) {
  const server = new URL(serverUrl);
  const dir = mkdtempSync(join(tmpdir(), 'refcount-pgbouncer-'));
  chmodSync(dir, 0o755);
  const root = process.getuid?.() === 0;
  writeFileSync(join(dir, 'users.txt'), `"${decodeURIComponent(server.username || 'postgres')}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 200',
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      ...(pgbouncerPreparesStatements() ? ['max_prepared_statements = 200'] : []),
    ].join('\n'),
  );
  if (root) execFileSync('chown', ['-R', 'postgres', dir]);
  const child = spawn(pgbouncerBin()!, [...(root ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')], { stdio: 'ignore' });
  for (let i = 0; i < 100 && !(await answers(port)); i++) await new Promise((r) => setTimeout(r, 100));
  if (!(await answers(port))) throw new Error(`pgbouncer did not listen on ${port} (${join(dir, 'pgbouncer.log')})`);
  const url = (database: string) => Object.assign(new URL(serverUrl), { port: String(port), pathname: `/${database}` }).toString();
  return {
    url,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      // SIGTERM: immediate shutdown (SIGINT would wait for every client to leave).
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
