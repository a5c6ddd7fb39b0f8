import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobFailures } from '@/db/schema';
import { openTestDatabase, type TestDatabase } from '../../testing/database';
import { sweepWorkspaces } from './sweep';
import { workspacesWith } from './workspaces-with';

// The turn-taking and failure rules every sweeping job shares, with batches that only count
// (each job's own tests run them on real backlogs).
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const ids = ['00000000-0000-7000-8000-000000000001', '00000000-0000-7000-8000-000000000002', '00000000-0000-7000-8000-000000000003'];

/** Batches over per-workspace backlogs, recording the order in which workspaces got their turns. */
function backlog(sizes: Record<string, number>, batchSize: number) {
  const left = { ...sizes };
  const turns: string[] = [];
  return {
    turns,
    left,
    batch: async (workspaceId: string) => {
      turns.push(workspaceId);
      const n = Math.min(batchSize, left[workspaceId]);
      left[workspaceId] -= n;
      return n;
    },
  };
}

describe('sweepWorkspaces', () => {
  it('gives each workspace one batch a round, stops after its rounds and says more is left', async () => {
    const b = backlog({ [ids[0]]: 100, [ids[1]]: 3, [ids[2]]: 12 }, 5);
    const report = await sweepWorkspaces({ db: database.db, queue: 'test.turns', workspaces: { ids, complete: true }, batch: b.batch, limits: { batchSize: 5, rounds: 3 } });
    expect(b.turns).toEqual([ids[0], ids[1], ids[2], ids[0], ids[2], ids[0], ids[2]]);
    expect(report).toEqual({ done: 15 + 3 + 12, more: true, failed: 0 });
    expect(b.left).toEqual({ [ids[0]]: 85, [ids[1]]: 0, [ids[2]]: 0 });
  });

  it('stops at its budget mid-round', async () => {
    const b = backlog({ [ids[0]]: 100, [ids[1]]: 100, [ids[2]]: 100 }, 5);
    const report = await sweepWorkspaces({ db: database.db, queue: 'test.budget', workspaces: { ids, complete: true }, batch: b.batch, limits: { batchSize: 5, rounds: 10, budget: 20 } });
    expect(report).toEqual({ done: 20, more: true, failed: 0 });
    expect(b.turns).toEqual([ids[0], ids[1], ids[2], ids[0]]);
  });

  it('starts the next run after the last workspace it served, so a budget never starves the ones after', async () => {
    const b = backlog({ [ids[0]]: 100, [ids[1]]: 100, [ids[2]]: 100 }, 5);
    const run = () =>
      sweepWorkspaces({ db: database.db, queue: 'test.rotation', workspaces: { ids, complete: true }, batch: b.batch, limits: { batchSize: 5, rounds: 10, budget: 10 } });
    await run();
    await run();
    await run();
    expect(b.turns).toEqual([ids[0], ids[1], ids[2], ids[0], ids[1], ids[2]]);
  });

  it('a list cut at its limit asks for another run and clears no failure of a workspace left out', async () => {
    const queue = 'test.truncated';
    const fail = async () => {
      throw new Error('boom');
    };
    await sweepWorkspaces({ db: database.db, queue, workspaces: { ids: [ids[2]], complete: true }, batch: fail, limits: { batchSize: 5, rounds: 1 } });
    const ok = async () => 0;
    const report = await sweepWorkspaces({ db: database.db, queue, workspaces: { ids: [ids[0]], complete: false }, batch: ok, limits: { batchSize: 5, rounds: 1 } });
    expect(report.more).toBe(true);
    expect(await database.db.select().from(jobFailures).where(eq(jobFailures.queue, queue))).toHaveLength(1);
  });

  it('records a failure once, backs off, clears it on success or when the workspace has no work left', async () => {
    const queue = 'test.failures';
    let broken = true;
    const batch = async (workspaceId: string) => {
      if (broken && workspaceId === ids[1]) throw new Error('boom\nparams: secret-value');
      return 0;
    };
    const sweep = (workspaceIds = ids, now = Date.now()) =>
      sweepWorkspaces({ db: database.db, queue, workspaces: { ids: workspaceIds, complete: true }, batch, limits: { batchSize: 5, rounds: 1 }, now });
    expect(await sweep()).toEqual({ done: 0, more: false, failed: 1 });
    expect(await sweep()).toEqual({ done: 0, more: false, failed: 0 }); // backing off: not tried
    expect(await sweep(ids, Date.now() + 3_000)).toEqual({ done: 0, more: false, failed: 1 });
    const [row] = await database.db.select().from(jobFailures).where(eq(jobFailures.queue, queue));
    expect(row).toMatchObject({ workspaceId: ids[1], failures: 2, error: 'boom' });

    broken = false;
    expect(await sweep(ids, Date.now() + 10_000)).toMatchObject({ failed: 0 });
    expect(await database.db.select().from(jobFailures).where(eq(jobFailures.queue, queue))).toEqual([]);

    broken = true;
    await sweep();
    expect(await database.db.select().from(jobFailures).where(eq(jobFailures.queue, queue))).toHaveLength(1);
    // its work went away (another worker did it, or it was removed): nothing is failing any more
    await sweep([ids[0]]);
    expect(await database.db.select().from(jobFailures).where(eq(jobFailures.queue, queue))).toEqual([]);
  });
});

describe('workspacesWith', () => {
  it('lists the workspaces with matching rows once each, from after a cursor around to it, up to a limit', async () => {
    const db = database.db;
    await db.execute(sql`create table sweep_probe (workspace_id uuid not null, due boolean not null)`);
    await db.execute(sql`create index sweep_probe_idx on sweep_probe (workspace_id) where due`);
    const ws = Array.from({ length: 5 }, (_, i) => `00000000-0000-7000-8000-00000000001${i}`);
    for (const [i, id] of ws.entries()) {
      // each workspace several rows; the fourth has only rows that are not due
      await db.execute(sql`insert into sweep_probe select ${id}::uuid, ${i !== 3} from generate_series(1, 20)`);
    }
    const due = [ws[0], ws[1], ws[2], ws[4]];
    expect(await workspacesWith(db, 'sweep_probe', sql`due`)).toEqual({ ids: due, complete: true });
    expect(await workspacesWith(db, 'sweep_probe', sql`due`, { after: ws[1] })).toEqual({ ids: [ws[2], ws[4], ws[0], ws[1]], complete: true });
    expect(await workspacesWith(db, 'sweep_probe', sql`due`, { after: ws[2], limit: 3 })).toEqual({ ids: [ws[4], ws[0], ws[1]], complete: false });
  });
});
