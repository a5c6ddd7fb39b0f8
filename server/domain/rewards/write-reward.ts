import { rewards } from '@/db/schema';
import { presentReward, type RewardTermsInput } from '../../contracts/reward';
import { notFound } from '../../errors/errors';
import { addAuditEntry, addAuditEntryIfChanged } from '../audit/audit-entries';
import type { ActingCtx } from '../context';
import { changeTerms, resolveTerms } from '../rules/terms';
import { readSettings } from '../settings/settings';
import { resolveDelivery, type DeliveryChange } from './delivery-terms';
import { withUsage, type Reward, type RewardWithUsage } from './rewards';
import { loadRecord, ownRecord, wellFormedId } from '../records';

type RewardFields = Pick<typeof rewards.$inferInsert, 'name' | 'type' | 'archived'>;
export type NewReward = Pick<RewardFields, 'name'> & DeliveryChange & { terms?: RewardTermsInput };
export type RewardPatch = Partial<RewardFields> & DeliveryChange & { terms?: RewardTermsInput };

// The audit log's view of a reward: its API record without the campaigns using it.
function audited(row: Reward) {
  const { used_by_campaigns: _used, ...rest } = presentReward({ ...row, usedBy: [] });
  return rest;
}

export async function createReward({ ctx, input }: { ctx: ActingCtx; input: NewReward }): Promise<RewardWithUsage> {
  const { currency } = await readSettings(ctx);
  // resolveTerms answers amount_required when the terms (or their amount) are missing.
  const { description, ...terms } = input.terms ?? {};
  const delivery = resolveDelivery(input);
  const values = { workspaceId: ctx.workspaceId, name: input.name, ...delivery, ...resolveTerms(terms, currency), description: description ?? null };
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(rewards).values(values).returning();
    await addAuditEntry(tx, ctx, 'reward.created', { type: 'reward', id: row.id }, { after: audited(row) });
    return { ...row, usedBy: [] };
  });
}

/** Changes name, type, terms (merged into the current ones) or archived; rules already copied keep their terms. */
export async function updateReward({ ctx, id, patch }: { ctx: ActingCtx; id: string; patch: RewardPatch }): Promise<RewardWithUsage> {
  wellFormedId(id, () => notFound('reward'));
  const { currency } = await readSettings(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const mine = ownRecord(ctx, rewards, id);
    // Locked so two concurrent term changes merge one after the other, not over each other.
    const current = await loadRecord({ ...ctx, db: tx }, rewards, id, () => notFound('reward'), { lock: true });
    const { terms, type, delivery, delivery_target, delivery_months, ...fields } = patch;
    const set: Partial<Reward> = { ...fields, ...resolveDelivery({ type, delivery, delivery_target, delivery_months }, current), updatedAt: new Date() };
    if (terms) {
      const { description, ...change } = terms;
      Object.assign(set, changeTerms(current, change, currency));
      if (description !== undefined) set.description = description;
    }
    const [updated] = await tx.update(rewards).set(set).where(mine).returning();
    await addAuditEntryIfChanged(tx, ctx, 'reward.updated', { type: 'reward', id }, audited(current), audited(updated));
    return updated;
  });
  return (await withUsage({ ctx, rows: [row] }))[0];
}
