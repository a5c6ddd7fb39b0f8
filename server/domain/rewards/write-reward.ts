import { and, eq } from 'drizzle-orm';
import { rewards } from '@/db/schema';
import type { RewardTermsInput } from '../../contracts/reward';
import { notFound } from '../../errors/errors';
import { isUuid } from '../../lib/ids';
import type { WorkspaceCtx } from '../context';
import { changeTerms, resolveTerms } from '../rules/terms';
import { readSettings } from '../settings/settings';
import { withUsage, type Reward, type RewardWithUsage } from './rewards';

type RewardFields = Pick<typeof rewards.$inferInsert, 'name' | 'type' | 'archived'>;
export type NewReward = Pick<RewardFields, 'name' | 'type'> & { terms?: RewardTermsInput };
export type RewardPatch = Partial<RewardFields> & { terms?: RewardTermsInput };

export async function createReward({ ctx, input }: { ctx: WorkspaceCtx; input: NewReward }): Promise<RewardWithUsage> {
  const { currency } = await readSettings(ctx);
  // resolveTerms answers amount_required when the terms (or their amount) are missing.
  const { description, ...terms } = input.terms ?? {};
  const [row] = await ctx.db
    .insert(rewards)
    .values({
      workspaceId: ctx.workspaceId,
      name: input.name,
      type: input.type,
      ...resolveTerms(terms, currency),
      description: description ?? null,
    })
    .returning();
  return { ...row, usedBy: [] };
}

/** Changes name, type, terms (merged into the current ones) or archived; rules already copied keep their terms. */
export async function updateReward({ ctx, id, patch }: { ctx: WorkspaceCtx; id: string; patch: RewardPatch }): Promise<RewardWithUsage> {
  if (!isUuid(id)) throw notFound('reward');
  const { currency } = await readSettings(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const mine = and(eq(rewards.workspaceId, ctx.workspaceId), eq(rewards.id, id));
    // Locked so two concurrent term changes merge one after the other, not over each other.
    const [current] = await tx.select().from(rewards).where(mine).for('update');
    if (!current) throw notFound('reward');
    const { terms, ...fields } = patch;
    const set: Partial<Reward> = { ...fields, updatedAt: new Date() };
    if (terms) {
      const { description, ...change } = terms;
      Object.assign(set, changeTerms(current, change, currency));
      if (description !== undefined) set.description = description;
    }
    const [updated] = await tx.update(rewards).set(set).where(mine).returning();
    return updated;
  });
  return (await withUsage(ctx, [row]))[0];
}
