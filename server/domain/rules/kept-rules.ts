import type { DbOrTx } from '@/db/client';
import type { WorkspaceCtx } from '../context';
import { rulesOfCampaign, type Rule } from './rules';

// A sale's earning needs its campaign's rules, one more round trip after attribution. Rules
// change rarely, and every change moves the workspace's settings.rules_version in the same
// transaction (a trigger, migration 0014), which each request reads anyway (with its key, or in
// readSettings). Rules read under a number are kept under it: a request that read the same number
// may use them (every change since would have moved it), so the answer is what a read would have
// given, on every node, with no expiry to tune. Rules read just after a change may be kept under
// the number before it; only requests that began before the change can still ask for that number.
const MAX_KEPT = 5_000; // campaigns per database handle; the oldest go first
const kept = new WeakMap<DbOrTx, Map<string, Rule[]>>();
const stats = new WeakMap<DbOrTx, { kept: number; read: number }>();

/** The campaign's rules (rulesOfCampaign), kept per process under the workspace's rules version. */
export async function rulesUnderVersion({ ctx, campaignId, version }: { ctx: WorkspaceCtx; campaignId: string; version: number }): Promise<Rule[]> {
  let byKey = kept.get(ctx.db);
  if (!byKey) kept.set(ctx.db, (byKey = new Map()));
  let counts = stats.get(ctx.db);
  if (!counts) stats.set(ctx.db, (counts = { kept: 0, read: 0 }));
  const key = `${ctx.workspaceId}|${campaignId}|${version}`;
  const found = byKey.get(key);
  if (found) {
    counts.kept++;
    return found;
  }
  counts.read++;
  const rules = await rulesOfCampaign({ ctx, campaignId });
  if (byKey.size >= MAX_KEPT) byKey.delete(byKey.keys().next().value!);
  byKey.set(key, rules);
  return rules;
}

/** Earnings on `db` so far whose rules were kept, and read. */
export const keptRulesStats = (db: DbOrTx) => ({ ...(stats.get(db) ?? { kept: 0, read: 0 }) });
