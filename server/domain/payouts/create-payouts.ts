import { and, asc, eq, inArray, isNull, lte, notExists, or } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { commissions, payouts, workspaceSettings } from '@/db/schema';
import { presentPayout, type PayoutWithCommissions } from '../../contracts/payout';
import type { WorkspaceCtx } from '../context';
import { recordEvent } from '../events/record-event';
import { onTestConversion } from '../money-records/commissions';

type Due = { id: string; affiliateId: string; currency: string; amount: number };

/**
 * Takes the workspace's settings row lock: payout batches of one workspace run one after the
 * other, so a second batch sees the first one's claims and never pays a commission twice.
 */
async function lockForPayouts(tx: Tx, workspaceId: string) {
  await tx.insert(workspaceSettings).values({ workspaceId }).onConflictDoNothing();
  const [settings] = await tx.select().from(workspaceSettings).where(eq(workspaceSettings.workspaceId, workspaceId)).for('update');
  return settings;
}

/** Approved cash commissions past their hold and in no payout, oldest first; test sales never pay. */
async function dueCommissions(tx: Tx, workspaceId: string, now: Date): Promise<Due[]> {
  const rows = await tx
    .select({
      id: commissions.id,
      affiliateId: commissions.affiliateId,
      currency: commissions.currency,
      amount: commissions.amount,
      createdAt: commissions.createdAt,
    })
    .from(commissions)
    .where(
      and(
        eq(commissions.workspaceId, workspaceId),
        eq(commissions.status, 'approved'),
        isNull(commissions.payoutId),
        eq(commissions.rewardType, 'cash'),
        or(isNull(commissions.holdUntil), lte(commissions.holdUntil, now)),
        notExists(onTestConversion({ db: tx, workspaceId })),
      ),
    )
    // Row locks too: a review of one of these commissions waits for this batch, then sees payout_id.
    // Taken in id order, the order every multi-row lock on commissions uses, so none can deadlock.
    .orderBy(asc(commissions.id))
    .for('update');
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
}

function groupByPayee(due: Due[]) {
  const groups = new Map<string, { affiliateId: string; currency: string; ids: string[]; net: number }>();
  for (const c of due) {
    const key = `${c.affiliateId}:${c.currency}`;
    const group = groups.get(key) ?? { affiliateId: c.affiliateId, currency: c.currency, ids: [], net: 0 };
    group.ids.push(c.id);
    // Clawbacks are negative: netting them here is how the next payout deducts them.
    group.net += c.amount;
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * POST /v1/payouts: one pending payout per (affiliate, currency) whose net is positive and at least
 * the workspace's min_payout. Groups below it keep their commissions approved for the next batch.
 */
export async function createPayouts({ ctx, now = new Date() }: { ctx: WorkspaceCtx; now?: Date }): Promise<PayoutWithCommissions[]> {
  return ctx.db.transaction(async (tx) => {
    const { minPayout } = await lockForPayouts(tx, ctx.workspaceId);
    const created: PayoutWithCommissions[] = [];
    for (const group of groupByPayee(await dueCommissions(tx, ctx.workspaceId, now))) {
      if (group.net <= 0 || group.net < minPayout) continue;
      const [payout] = await tx
        .insert(payouts)
        .values({ workspaceId: ctx.workspaceId, affiliateId: group.affiliateId, currency: group.currency, amount: group.net, createdAt: now })
        .returning();
      const claimed = await tx
        .update(commissions)
        .set({ payoutId: payout.id, updatedAt: now })
        .where(and(eq(commissions.workspaceId, ctx.workspaceId), inArray(commissions.id, group.ids), isNull(commissions.payoutId)))
        .returning({ id: commissions.id });
      // The rows are locked above, so this cannot happen; if it ever did, nothing may commit.
      if (claimed.length !== group.ids.length) throw new Error(`payout ${payout.id}: commissions claimed concurrently`);
      const record = { ...payout, commissionIds: group.ids };
      await recordEvent(tx, ctx.workspaceId, 'payout.created', 'payout', presentPayout(record));
      created.push(record);
    }
    return created;
  });
}
