import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing/database';
import { createWorkspace } from '../domain/workspaces/create-workspace';
import { MAX_LISTED, runImport } from './run';
import type { ImportedAffiliate, Pages, PeerSource } from './types';

// A peer with more odd records than a report lists: the report lists the first MAX_LISTED and
// counts all of them, however many pages they come in.
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

async function* pagesOf<T>(items: T[], size: number): Pages<T> {
  for (let i = 0; i < items.length; i += size) yield { items: items.slice(i, i + size) };
}
const none = async function* <T>(): Pages<T> {};

describe('the import report', () => {
  it('lists the first of what cannot come over and counts all of it', async () => {
    const ws = await createWorkspace(database.db, { name: 'Cap' });
    const odd = MAX_LISTED + 137;
    const affiliates: ImportedAffiliate[] = Array.from({ length: odd }, (_, i) => ({
      id: `p${i}`, email: `p${i}@example.com`, name: null, status: 'pending', payoutEmail: null, campaignId: null,
      refTokens: [`p${i}`], unmappable: [`state odd${i} has no match: imported as pending`],
    }));
    const source: PeerSource = {
      name: 'fake', stripeMetadataKey: 'fake', campaigns: none, affiliates: () => pagesOf(affiliates, 100),
      codes: none, referrals: none, commissions: none, payouts: none,
    };
    const report = await runImport({ db: database.db, workspaceId: ws.id, source, dryRun: true });
    expect(report.unmappableCount).toBe(odd);
    expect(report.unmappable).toHaveLength(MAX_LISTED);
    expect(report.unmappable[0]).toEqual({ kind: 'affiliate', id: 'p0', reason: 'state odd0 has no match: imported as pending' });
    expect(report.unmappable.at(-1)?.id).toBe(`p${MAX_LISTED - 1}`);
    expect(report.added.affiliate).toBe(odd);
  });
});
