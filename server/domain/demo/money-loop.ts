import { and, eq, inArray, lte } from 'drizzle-orm';
import { commissions, conversions, payouts } from '@/db/schema';
import { confirmDueConversions } from '../conversions/confirm';
import { reviewCommissions } from '../commissions/review';
import { createPayouts } from '../payouts/create-payouts';
import { settlePayout } from '../payouts/settle-payout';
import { systemActor, type WorkspaceCtx } from '../context';

const DAY = 86_400_000;

/** Approves the affiliate's commissions on sales at least `olderThanDays` old. */
async function approveOlderThan({ ctx, affiliateId, olderThanDays }: { ctx: WorkspaceCtx; affiliateId: string; olderThanDays: number }) {
  const { db, workspaceId } = ctx;
  const rows = await db
    .select({ id: commissions.id })
    .from(commissions)
    .innerJoin(conversions, eq(conversions.id, commissions.conversionId))
    .where(and(eq(commissions.workspaceId, workspaceId), eq(commissions.affiliateId, affiliateId), eq(commissions.status, 'pending'), lte(conversions.ts, new Date(Date.now() - olderThanDays * DAY))));
  if (rows.length) await reviewCommissions({ ctx: { db, workspaceId, actor: systemActor('seed') }, ids: rows.map((r) => r.id), status: 'approved' });
}

/**
 * A payout history through the real batch and settlement code: Alan's two oldest sales were
 * batched 33 days ago and paid 30 days ago; his next one was batched two days ago and waits to be
 * paid. Everyone else's past-hold commissions stay pending, for the newcomer to approve and pay.
 */
export async function seedPayoutHistory({ ctx: workspace, alanId }: { ctx: WorkspaceCtx; alanId: string }) {
  const { db, workspaceId } = workspace;
  const ctx = { db, workspaceId, actor: systemActor('seed') };
  await confirmDueConversions(db);
  await approveOlderThan({ ctx: { db, workspaceId }, affiliateId: alanId, olderThanDays: 60 });
  const [paid] = await createPayouts({ ctx, now: new Date(Date.now() - 33 * DAY) });
  await settlePayout({ ctx, id: paid.id, outcome: 'paid' });
  await db.update(payouts).set({ paidAt: new Date(Date.now() - 30 * DAY) }).where(inArray(payouts.id, [paid.id]));
  await approveOlderThan({ ctx: { db, workspaceId }, affiliateId: alanId, olderThanDays: 30 });
  await createPayouts({ ctx, now: new Date(Date.now() - 2 * DAY) });
}
