import type { Db } from '@/db/client';
import { workspaces } from '@/db/schema';
import { sweepWorkspaces, type SweepReport } from '../jobs/sweep';
import { assessAffiliates, assessNextAffiliates, MAX_ASSESSED_TOGETHER } from './assess';
import type { RiskLlmConfig } from './llm-summary';
import { riskTriggers, triggeredGroups } from './triggers';

export const RISK_DAILY_QUEUE = 'risk.daily';
export const RISK_TRIGGERS_QUEUE = 'risk.triggers';

// A run goes through every page it found: its work is bounded by what it found (affiliates, or
// the triggers of the last minutes), and each page (at most MAX_ASSESSED_TOGETHER affiliates) is
// one bounded step, taken in turn with the other workspaces'.
const EVERY_PAGE = { batchSize: 1, rounds: Number.POSITIVE_INFINITY };

/** The daily re-assessment of every workspace's affiliates, a page at a time, each workspace isolated. */
export async function assessEveryWorkspace(db: Db, llm: RiskLlmConfig | null): Promise<SweepReport> {
  const ids = (await db.select({ id: workspaces.id }).from(workspaces)).map((w) => w.id);
  const after = new Map<string, string | null>();
  return sweepWorkspaces({
    db,
    queue: RISK_DAILY_QUEUE,
    workspaces: { ids, complete: true },
    limits: EVERY_PAGE,
    batch: async (workspaceId) => {
      const page = await assessNextAffiliates({ ctx: { db, workspaceId }, after: after.get(workspaceId) ?? null, llm });
      after.set(workspaceId, page.last);
      return page.last ? 1 : 0;
    },
  });
}

/**
 * Re-assessment soon after a refund or chargeback touches an affiliate's conversions, or its clicks
 * spike: the affiliates of one workspace together, in groups, workspaces taking turns.
 */
export async function assessTriggered(db: Db, llm: RiskLlmConfig | null): Promise<SweepReport> {
  const groupsOf = new Map<string, string[][]>();
  for (const { workspaceId, affiliateIds } of triggeredGroups(await riskTriggers(db), MAX_ASSESSED_TOGETHER)) {
    groupsOf.set(workspaceId, [...(groupsOf.get(workspaceId) ?? []), affiliateIds]);
  }
  return sweepWorkspaces({
    db,
    queue: RISK_TRIGGERS_QUEUE,
    workspaces: { ids: [...groupsOf.keys()], complete: true },
    limits: EVERY_PAGE,
    batch: async (workspaceId) => {
      const groups = groupsOf.get(workspaceId)!;
      await assessAffiliates({ ctx: { db, workspaceId }, affiliateIds: groups.shift()!, llm });
      return groups.length ? 1 : 0;
    },
  });
}
