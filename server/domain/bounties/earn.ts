import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { commissions } from '@/db/schema';
import type { Bounty } from '../../contracts/bounty';
import { presentCommission } from '../../contracts/commission';
import { newId } from '../../lib/ids';
import { emitEvent } from '../events/emit-event';
import type { Settings } from '../settings/settings';

const DAY_MS = 86_400_000;

/**
 * Writes the bounty's commission for one affiliate and period, or nothing when it was written
 * already: the unique index commissions_bounty_uq (bounty, affiliate, period) decides between
 * racing evaluations and approvals, so nothing is read first to race on. Pending (approved when
 * the workspace auto-approves), held settings.holdDays from now like a sale's
 * (docs/groups-bounties-recruiters.md#bounties). Its commission.created event goes out with it.
 */
export async function writeBountyCommission(
  db: DbOrTx,
  { bounty, affiliateId, periodKey, settings, now = new Date() }: { bounty: Bounty; affiliateId: string; periodKey: string; settings: Settings; now?: Date },
) {
  const [row] = await db
    .insert(commissions)
    .values({
      id: newId(),
      workspaceId: bounty.workspaceId,
      affiliateId,
      conversionId: null,
      ruleId: null,
      amount: bounty.rewardAmount,
      computedAmount: bounty.rewardAmount,
      currency: bounty.currency,
      status: settings.autoApproveCommissions ? 'approved' : 'pending',
      kind: 'bounty',
      rewardType: 'cash',
      periodIndex: 0,
      holdUntil: new Date(now.getTime() + settings.holdDays * DAY_MS),
      bountyId: bounty.id,
      periodKey,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [commissions.bountyId, commissions.affiliateId, commissions.periodKey], where: sql`kind = 'bounty'` })
    .returning();
  if (!row) return null;
  await emitEvent({ ctx: { db, workspaceId: bounty.workspaceId }, type: 'commission.created', object: 'commission', record: presentCommission(row) });
  return row;
}
