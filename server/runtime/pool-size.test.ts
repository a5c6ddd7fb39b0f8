import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readConfig } from '../lib/env';
import { createScratchDatabase } from '../testing/database';
import { describeWith } from '../testing/requirements';
import { closeServices, openServices, type Services } from './services';

// DATABASE_POOL_SIZE reaches the pool a server process opens: ten statements at once run on at
// most that many connections. On the PostgreSQL server in both suites (PGlite is one connection).
await describeWith('postgres', 'the database pool of a server process', (server) => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let services: Services;
  beforeAll(async () => {
    scratch = await createScratchDatabase(server, 'pool');
    // PGLITE_DIR only places the generated auth secret (beside it) out of the working tree
    const dir = mkdtempSync(join(tmpdir(), 'refcount-pool-'));
    services = await openServices(readConfig({ ...process.env, DATABASE_URL: scratch.url, DATABASE_POOL_SIZE: '3', RUN_JOBS: 'false', PGLITE_DIR: join(dir, 'pglite') }));
  });
  afterAll(async () => {
    if (services) await closeServices(services);
    await scratch?.drop();
  });

  it('holds at most DATABASE_POOL_SIZE connections', async () => {
    const pg = services.database.pg!;
    const pids = await Promise.all(Array.from({ length: 10 }, async () => (await pg`select pg_backend_pid() as pid, pg_sleep(0.05)`)[0].pid as number));
    expect(new Set(pids).size).toBe(3);
  });
});
