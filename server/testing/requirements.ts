import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import postgres from 'postgres';
import { describe, it } from 'vitest';
import { pgbouncerBin } from './pgbouncer';
import { postgresBin } from './replica-pair';

// Servers and programs a few tests need but the project does not embed (the product runs without
// them). Missing one, those tests skip with a note that skip-reporter.ts prints as one line at the
// end of the run; with CI=true they are required and fail instead.

type Requirement = { label: string; address: string; where: string; enable: string; probe: (address: string) => Promise<boolean> };

/** Redis answers PING on a plain socket: no client library needed to ask. */
function pingRedis(address: string): Promise<boolean> {
  const url = new URL(address);
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write(url.password ? `AUTH ${decodeURIComponent(url.password)}\r\nPING\r\n` : 'PING\r\n'));
    socket.on('data', (chunk) => chunk.toString().includes('+PONG') && done(true));
  });
}

/** The server answers on its maintenance database (the URL's own may not exist yet). */
async function selectOne(address: string): Promise<boolean> {
  const url = new URL(address);
  url.pathname = '/postgres';
  const sql = postgres(url.toString(), { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
// A server to create scratch databases on (named after the URL's database): DATABASE_URL's when
// the suite runs on PostgreSQL.
const postgresUrl = process.env.DATABASE_URL || process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/refcount_test';

const REQUIREMENTS = {
  redis: {
    label: 'Redis',
    address: redisUrl,
    where: `at ${new URL(redisUrl).host}`,
    enable: 'start Redis there or set TEST_REDIS_URL',
    probe: pingRedis,
  },
  postgres: {
    label: 'PostgreSQL',
    address: postgresUrl,
    where: `at ${new URL(postgresUrl).host}`,
    enable: 'start PostgreSQL there or set TEST_POSTGRES_URL',
    probe: selectOne,
  },
  // A throwaway primary and streaming replica (replica-pair.ts) for the DATABASE_REPLICA_URL tests.
  postgresServer: {
    label: 'PostgreSQL server binaries',
    address: '/usr/lib/postgresql',
    where: 'under /usr/lib/postgresql/<version>/bin (initdb, pg_ctl, pg_basebackup)',
    enable: 'install the Debian postgresql package',
    probe: async () => postgresBin() !== null && (process.getuid?.() !== 0 || spawnSync('runuser', ['--help']).status === 0),
  },
  // Debian's pgbouncer in front of the PostgreSQL server above (pgbouncer.ts).
  pgbouncer: {
    label: 'pgbouncer',
    address: postgresUrl,
    where: `(the binary) with PostgreSQL at ${new URL(postgresUrl).host}`,
    enable: 'install the Debian pgbouncer package and start PostgreSQL',
    probe: async (address: string) => pgbouncerBin() !== null && (await selectOne(address)),
  },
  python3: {
    label: 'python3',
    address: 'python3',
    where: 'on the PATH',
    enable: 'install Python 3',
    probe: async () => spawnSync('python3', ['--version']).status === 0,
  },
} satisfies Record<string, Requirement>;

export type RequirementName = keyof typeof REQUIREMENTS;

/** The note of a skipped test starts so; skip-reporter.ts groups skips by their note. */
export const SKIP_PREFIX = 'needs ';
const skipNote = (r: Requirement) => `${SKIP_PREFIX}${r.label} ${r.where}; ${r.enable} to run them`;

/**
 * `describe(name, body)` when `need` is reachable (body gets its address). Otherwise one test in
 * its place: skipped with a note, or under CI=true failing with the reason. The body is not run
 * then, so its hooks never wait on a server that is not there.
 */
export async function describeWith(need: RequirementName, name: string, body: (address: string) => void) {
  const r: Requirement = REQUIREMENTS[need];
  if (await r.probe(r.address)) return describe(name, () => body(r.address));
  describe(name, () => {
    if (process.env.CI === 'true') {
      it(`needs ${r.label}`, () => {
        throw new Error(`CI=true requires ${r.label} ${r.where}, which did not answer: ${r.enable}`);
      });
    } else {
      it(`needs ${r.label}`, (ctx) => ctx.skip(skipNote(r)));
    }
  });
}
