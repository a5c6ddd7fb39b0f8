import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaces } from '@/db/schema';
import { openTestDatabase, type TestDatabase } from '../testing/database';
import { sharedLookup } from './shared-lookup';

// Workspaces by name: names repeat, so a key can have several rows.
const byName = sharedLookup('test_workspaces_by_names', {
  build: (db, keys) =>
    db.select({ id: workspaces.id, name: workspaces.name }).from(workspaces)
      .where(sql`${workspaces.name} in (select jsonb_array_elements_text(${keys}))`).orderBy(workspaces.id),
  keyOf: (name: string) => name,
  keyOfRow: (r) => r.name,
});

let database: TestDatabase;
const names = ['sl_a', 'sl_b', 'sl_b', 'sl_c'];
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(workspaces).values(names.map((name) => ({ name, publicId: `pub_${Math.random().toString(36).slice(2)}` })));
});
afterAll(() => database.close());

describe('sharedLookup', () => {
  it('concurrent callers share statements; each gets the rows of its own key, none of another', async () => {
    const { db } = database;
    const stored = await db.select({ id: workspaces.id, name: workspaces.name }).from(workspaces).where(inArray(workspaces.name, names)).orderBy(workspaces.id);
    const rowsOf = (name: string) => stored.filter((r) => r.name === name);
    const asked = ['sl_a', 'sl_b', 'sl_missing', 'sl_c', 'sl_b', 'sl_a', 'sl_c', 'sl_b', 'sl_a', 'sl_c'];
    const before = byName.stats(db);
    const got = await Promise.all(asked.map((name) => byName(db, name)));
    expect(got).toEqual(asked.map(rowsOf));
    expect(got[1]).toHaveLength(2);
    expect(got[2]).toEqual([]);
    const after = byName.stats(db);
    expect(after.items - before.items).toBe(asked.length);
    expect(after.statements - before.statements).toBeLessThan(asked.length);
  });

  it('finds a key with a lone surrogate as the database stored it (U+FFFD), as a text parameter would', async () => {
    const { db } = database;
    await db.insert(workspaces).values({ name: 'sl_\ud800', publicId: 'pub_sl_surrogate' });
    const got = await Promise.all([byName(db, 'sl_\ud800'), byName(db, 'sl_\ufffd')]);
    expect(got.map((rows) => rows.map((r) => r.name))).toEqual([['sl_\ufffd'], ['sl_\ufffd']]);
  });

  it("a transaction's lookups read in it: its own uncommitted rows, nobody else's", async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      await tx.insert(workspaces).values({ name: 'sl_tx', publicId: 'pub_sl_tx' });
      expect(await byName(tx, 'sl_tx')).toHaveLength(1);
      expect(await Promise.all([byName(tx, 'sl_tx'), byName(tx, 'sl_a')]).then((r) => r.map((x) => x.length))).toEqual([1, 1]);
      if (database.driver === 'postgres') expect(await byName(db, 'sl_tx')).toEqual([]);
      tx.rollback();
    }).catch((err) => expect(String(err)).toMatch(/rollback/i));
    expect(await byName(db, 'sl_tx')).toEqual([]);
  });
});
