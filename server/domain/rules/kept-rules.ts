import type { DbOrTx } from '@/db/client';
import type { WorkspaceCtx } from '../context';
import { keptPerHandle } from '../../lib/kept-per-handle';
import { termsOfCampaign, type CampaignTerms } from './rules';

// A sale's earning needs its campaign's rules, one more round trip after attribution. Rules
// change rarely, and every change moves the workspace's settings.rules_version in the same
// transaction (a trigger, migration 0014), which each request reads anyway (with its key, or in
// readSettings). A campaign's rules are kept with the number they were read under, and a request
// that read the same number uses them (every change since would have moved it): the answer is what
// a read would have given, on every node, with no expiry to tune. Rules read just after a change
// may be kept under the number before it; only requests that began before the change can still ask
// for that number, and they could have read either. The campaign's revenue basis is kept with them:
// changing it moves the number too (migration 0021).
const kept = keptPerHandle<{ version: number; terms: CampaignTerms }>(5_000); // campaigns per database handle
const stats = new WeakMap<DbOrTx, { kept: number; read: number }>();

/** The campaign's rules and revenue basis (termsOfCampaign), kept per process under the workspace's rules version. */
export async function termsUnderVersion({ ctx, campaignId, version }: { ctx: WorkspaceCtx; campaignId: string; version: number }): Promise<CampaignTerms> {
  let counts = stats.get(ctx.db);
  if (!counts) stats.set(ctx.db, (counts = { kept: 0, read: 0 }));
  const key = `${ctx.workspaceId}|${campaignId}`;
  const found = kept.get(ctx.db, key);
  if (found?.version === version) {
    counts.kept++;
    return found.terms;
  }
  counts.read++;
  const terms = await termsOfCampaign({ ctx, campaignId });
  kept.set(ctx.db, key, { version, terms });
  return terms;
}

/** Earnings on `db` so far whose rules were kept, and read. */
export const keptRulesStats = (db: DbOrTx) => ({ kept: stats.get(db)?.kept ?? 0, read: stats.get(db)?.read ?? 0 });
