import type { DbOrTx } from '@/db/client';
import type { WorkspaceCtx } from '../context';
import { rulesOfCampaign, type Rule } from './rules';

// A sale's earning needs its campaign's rules, one more round trip after attribution. Rules
// change rarely, and every change moves the workspace's settings.rules_version in the same
// transaction (a trigger, migration 0014), which each request reads anyway (with its key, or in
// readSettings). A campaign's rules are kept with the number they were read under, and a request
// that read the same number uses them (every change since would have moved it): the answer is what
// a read would have given, on every node, with no expiry to tune. Rules read just after a change
// may be kept under the number before it; only requests that began before the change can still ask
// for that number, and they could have read either.
const MAX_KEPT = 5_000; // campaigns per database handle; the oldest go first
type Kept = { byCampaign: Map<string, { version: number; rules: Rule[] }>; kept: number; read: number };
const keptOn = new WeakMap<DbOrTx, Kept>();

/** The campaign's rules (rulesOfCampaign), kept per process under the workspace's rules version. */
export async function rulesUnderVersion({ ctx, campaignId, version }: { ctx: WorkspaceCtx; campaignId: string; version: number }): Promise<Rule[]> {
  let k = keptOn.get(ctx.db);
  if (!k) keptOn.set(ctx.db, (k = { byCampaign: new Map(), kept: 0, read: 0 }));
  const key = `${ctx.workspaceId}|${campaignId}`;
  const found = k.byCampaign.get(key);
  if (found?.version === version) {
    k.kept++;
    return found.rules;
  }
  k.read++;
  const rules = await rulesOfCampaign({ ctx, campaignId });
  k.byCampaign.delete(key);
  if (k.byCampaign.size >= MAX_KEPT) k.byCampaign.delete(k.byCampaign.keys().next().value!);
  k.byCampaign.set(key, { version, rules });
  return rules;
}

/** Earnings on `db` so far whose rules were kept, and read. */
export const keptRulesStats = (db: DbOrTx) => ({ kept: keptOn.get(db)?.kept ?? 0, read: keptOn.get(db)?.read ?? 0 });
