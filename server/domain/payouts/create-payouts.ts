import { and, eq, inArray, isNull } from 'drizzle-orm';
import { commissions, payoutBatches, payouts, workspaceSettings } from '@/db/schema';
import { presentWorkspacePayout, type PayoutWithCommissions } from '../../contracts/payout';
import { addAuditEntry } from '../audit/audit-entries';
import type { ActingCtx, WorkspaceCtx } from '../context';
import { emitEvent } from '../events/emit-event';
import { readTaxGate } from '../tax-forms/tax-gate';
import { dueCommissions, planPayouts } from './plan-payouts';

/**
 * Takes the workspace's settings row lock: payout batches of one workspace run one after the
 * other, so a second batch sees the first one's claims and never pays a commission twice.
 */
async function lockForPayouts({ ctx }: { ctx: WorkspaceCtx }) {
  const { db: tx, workspaceId } = ctx;
  await tx.insert(workspaceSettings).values({ workspaceId }).onConflictDoNothing();
  const [settings] = await tx.select().from(workspaceSettings).where(eq(workspaceSettings.workspaceId, workspaceId)).for('update');
  return settings;
}

/**
 * POST /v1/payouts: one pending payout per group of the plan (planPayouts): per (affiliate,
 * currency) whose net is positive and at least the workspace's min_payout, affiliates whose
 * commissions are held left out. Skipped groups keep their commissions approved for the next batch.
 */
export async function createPayouts({ ctx, now = new Date() }: { ctx: ActingCtx; now?: Date }): Promise<PayoutWithCommissions[]> {
  return ctx.db.transaction(async (tx) => {
    const settings = await lockForPayouts({ ctx: { ...ctx, db: tx } });
    const due = await dueCommissions({ ctx: { ...ctx, db: tx }, now, lock: true });
    const taxGate = await readTaxGate({ ctx: { ...ctx, db: tx }, settings, affiliateIds: [...new Set(due.map((c) => c.affiliateId))], now });
    const plan = planPayouts(due, settings.minPayout, taxGate);
    const created: PayoutWithCommissions[] = [];
    // The run's lines are one batch, sent together once (docs/paying-affiliates.md#sending-a-batch).
    const [batch] = plan.payouts.length ? await tx.insert(payoutBatches).values({ workspaceId: ctx.workspaceId, createdAt: now }).returning() : [];
    for (const group of plan.payouts) {
      const [payout] = await tx
        .insert(payouts)
        .values({ workspaceId: ctx.workspaceId, affiliateId: group.affiliateId, currency: group.currency, amount: group.amount, batchId: batch.id, createdAt: now })
        .returning();
      const claimed = await tx
        .update(commissions)
        .set({ payoutId: payout.id, updatedAt: now })
        .where(and(eq(commissions.workspaceId, ctx.workspaceId), inArray(commissions.id, group.commissionIds), isNull(commissions.payoutId)))
        .returning({ id: commissions.id });
      // The rows are locked above, so this cannot happen; if it ever did, nothing may commit.
      if (claimed.length !== group.commissionIds.length) throw new Error(`payout ${payout.id}: commissions claimed concurrently`);
      const record = { ...payout, commissionIds: group.commissionIds };
      await emitEvent({ ctx: { ...ctx, db: tx }, type: 'payout.created', object: 'payout', record: presentWorkspacePayout(record) });
      await addAuditEntry(tx, ctx, 'payout.created', { type: 'payout', id: payout.id }, { after: presentWorkspacePayout(record) });
      created.push(record);
    }
    return created;
  });
}
