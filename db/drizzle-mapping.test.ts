import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace } from '@/server/domain/workspaces/create-workspace';
import { openTestDatabase, type TestDatabase } from '@/server/testing/database';
import { campaigns, workspaces } from './schema';

// patches/drizzle-orm+0.45.4.patch finds each selected field's decoder once per query instead of
// once per row and column (see the patch's comment and docs/patches.md). The first test shows the
// change (it fails on the unpatched Drizzle); the others hold the mapping of rows to objects to
// what Drizzle documents, on both drivers: nested selections, a left join's missing side as null,
// sql`` with mapWith, and a prepared query run again (the second run maps with the kept plan).
describe('Drizzle row mapping, patched', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it.each(['drizzle-orm/utils.js', 'drizzle-orm/utils.cjs'])('%s is the patched one', (file) => {
    expect(readFileSync(`node_modules/${file}`, 'utf8')).toContain('mappingPlanOf(columns)');
  });

  it('looks up each field’s decoder once per prepared query, not once per row', async () => {
    // Unpatched, mapResultRow asked every field what it is (up to four `is()` prototype walks)
    // and read its decoder again for each row and column.
    const { db } = database;
    for (const name of ['Decoded A', 'Decoded B', 'Decoded C']) await createWorkspace(db, { name });
    const upper = sql<string>`upper(${workspaces.name})`.mapWith(String);
    // `decoder` is internal to Drizzle's SQL type: read it as the row mapper does
    const { decoder } = upper as unknown as { decoder: unknown };
    let reads = 0;
    Object.defineProperty(upper, 'decoder', { get: () => (reads++, decoder) });
    const query = db.select({ id: workspaces.id, upper }).from(workspaces).where(sql`${workspaces.name} like 'Decoded %'`).prepare('decoder_reads_test');
    for (let run = 0; run < 3; run++) expect((await query.execute()).map((r) => r.upper).sort()).toEqual(['DECODED A', 'DECODED B', 'DECODED C']);
    expect(reads).toBe(1);
  });

  it('maps columns, nested objects, decoders and left joins, the same on every run', async () => {
    const { db } = database;
    const a = await createWorkspace(db, { name: 'With campaign' });
    const b = await createWorkspace(db, { name: 'Without' });
    await db.insert(campaigns).values({ workspaceId: a.id, name: 'Spring' });
    const query = db
      .select({
        id: workspaces.id,
        upper: sql<string>`upper(${workspaces.name})`.mapWith((v: string) => `<${v}>`),
        created: workspaces.createdAt,
        campaign: { name: campaigns.name, status: campaigns.status },
      })
      .from(workspaces)
      .leftJoin(campaigns, eq(campaigns.workspaceId, workspaces.id))
      .where(eq(workspaces.id, sql.placeholder('id')))
      .prepare('mapping_test');
    for (let run = 0; run < 3; run++) {
      const [withCampaign] = await query.execute({ id: a.id });
      expect(withCampaign).toEqual({ id: a.id, upper: '<WITH CAMPAIGN>', created: a.createdAt, campaign: { name: 'Spring', status: 'active' } });
      expect(withCampaign.created).toBeInstanceOf(Date);
      const [without] = await query.execute({ id: b.id });
      expect(without).toEqual({ id: b.id, upper: '<WITHOUT>', created: b.createdAt, campaign: null });
    }
  });
});
