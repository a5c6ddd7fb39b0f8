import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A throwaway PostgreSQL primary and its streaming replica on this machine (initdb, pg_basebackup,
// pg_ctl from the server's own binaries), for the read-replica tests. Root runs them as postgres.

/** The newest /usr/lib/postgresql/<version>/bin holding initdb and pg_basebackup, if any. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const has = (v: string) => ['initdb', 'pg_ctl', 'pg_basebackup'].every((t) => existsSync(join(root, v, 'bin', t)));
  const versions = readdirSync(root).filter(has).sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : null;
}

const asRoot = () => process.getuid?.() === 0;
function tool(bin: string, name: string, args: string[], check = true) {
  const [cmd, argv] = asRoot() ? ['runuser', ['-u', 'postgres', '--', join(bin, name), ...args]] : [join(bin, name), args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8', cwd: tmpdir() });
  if (check && r.status !== 0) throw new Error(`${name} ${args.join(' ')}: ${r.stderr || r.stdout}`);
}

export type ReplicaPair = { primaryUrl: string; replicaUrl: string; stop: () => void };

/** Starts a primary on `port` and a replica streaming from it on `port + 1` (trust auth, 127.0.0.1). */
export function startReplicaPair(port: number): ReplicaPair {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) under /usr/lib/postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'refcount-replica-'));
  chmodSync(dir, 0o755);
  if (asRoot()) execFileSync('chown', ['postgres', dir]);
  const [primary, replica] = [join(dir, 'primary'), join(dir, 'replica')];
  const running: string[] = [];
  const stop = () => {
    for (const d of running.reverse()) tool(bin, 'pg_ctl', ['-D', d, '-m', 'immediate', '-w', 'stop'], false);
    rmSync(dir, { recursive: true, force: true });
  };
  const start = (data: string) => {
    tool(bin, 'pg_ctl', ['-D', data, '-w', '-t', '60', '-l', `${data}.log`, 'start']);
    running.push(data);
  };
  try {
    // initdb's pg_hba.conf with --auth=trust already admits replication from 127.0.0.1.
    tool(bin, 'initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    appendFileSync(join(primary, 'postgresql.conf'), `\nport = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\nwal_level = replica\nmax_wal_senders = 4\nfsync = off\nshared_buffers = 16MB\n`);
    start(primary);
    tool(bin, 'pg_basebackup', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-D', replica, '-R', '-X', 'stream', '--no-sync']);
    appendFileSync(join(replica, 'postgresql.conf'), `\nport = ${port + 1}\nhot_standby = on\n`);
    start(replica);
  } catch (err) {
    stop();
    throw err;
  }
  const url = (p: number) => `postgres://postgres@127.0.0.1:${p}/postgres`;
  return { primaryUrl: url(port), replicaUrl: url(port + 1), stop };
}
