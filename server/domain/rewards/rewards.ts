import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { campaigns, commissionRules, rewards } from '@/db/schema';
import type { RewardUsage } from '../../contracts/reward';
import { notFound, unknownReference } from '../../errors/errors';
import { isUuid } from '../../lib/ids';
import type { Page } from '../../lib/pagination';
import type { WorkspaceCtx } from '../context';
import { MAX_USAGE_SHOWN } from '../../contracts/limits';
import { ownRecord } from '../records';

export type Reward = typeof rewards.$inferSelect;
export type RewardWithUsage = Reward & { usedBy: RewardUsage };

/** used_by_campaigns is read from the rules at read time, so it can never go stale. */
export async function withUsage({ ctx, rows }: { ctx: WorkspaceCtx; rows: Reward[] }): Promise<RewardWithUsage[]> {
  const ids = rows.map((r) => r.id);
  const uses = ids.length
    ? await ctx.db
        .selectDistinct({ rewardId: commissionRules.rewardId, id: campaigns.id, name: campaigns.name, createdAt: campaigns.createdAt })
        .from(commissionRules)
        .innerJoin(campaigns, eq(campaigns.id, commissionRules.campaignId))
        .where(and(eq(commissionRules.workspaceId, ctx.workspaceId), inArray(commissionRules.rewardId, ids)))
        .orderBy(asc(campaigns.createdAt), asc(campaigns.id))
    : [];
  return rows.map((row) => ({
    ...row,
    usedBy: uses
      .filter((u) => u.rewardId === row.id)
      .slice(0, MAX_USAGE_SHOWN)
      .map((u) => ({ id: u.id, name: u.name })),
  }));
}

async function findReward(ctx: WorkspaceCtx, id: string): Promise<Reward | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await ctx.db
    .select()
    .from(rewards)
    .where(ownRecord(ctx, rewards, id));
  return row;
}

export async function getReward({ ctx, id }: { ctx: WorkspaceCtx; id: string }): Promise<RewardWithUsage> {
  const row = await findReward(ctx, id);
  if (!row) throw notFound('reward');
  return (await withUsage({ ctx, rows: [row] }))[0];
}

/** A reward a body refers to: archived ones can no longer be applied, like missing ones. */
export async function referencedReward({ ctx, id, field }: { ctx: WorkspaceCtx; id: string; field: string }): Promise<Reward> {
  const row = await findReward(ctx, id);
  if (!row || row.archived) throw unknownReference(field);
  return row;
}

export async function listRewards({ ctx, includeArchived, page }: { ctx: WorkspaceCtx; includeArchived: boolean; page: Page }) {
  const rows = await ctx.db
    .select()
    .from(rewards)
    .where(and(eq(rewards.workspaceId, ctx.workspaceId), includeArchived ? undefined : eq(rewards.archived, false)))
    .orderBy(desc(rewards.createdAt), desc(rewards.id))
    .limit(page.limit)
    .offset(page.offset);
  return withUsage({ ctx, rows });
}
