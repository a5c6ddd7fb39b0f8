import { and, eq, inArray } from 'drizzle-orm';
import { affiliates, workspaceSettings } from '@/db/schema';
import type { WorkspaceCtx } from '../context';
import { readTaxGate } from '../tax-forms/tax-gate';
import { dueCommissions, planPayouts } from './plan-payouts';
import { waitingCommissions } from './waiting-commissions';

// A workspace's settings row is made with it; if it is gone the batch would recreate it with the
// column defaults, so the preview plans with the same default rather than writing the row.
const DEFAULT_MIN_PAYOUT = workspaceSettings.minPayout.default as number;

/**
 * GET /v1/payouts/preview: the plan POST /v1/payouts would carry out now, what is not due yet
 * and why, with the affiliates it names. One read-only snapshot (settings and commissions agree), no row locks, no writes: a
 * preview never blocks a batch or a review.
 */
export async function previewPayouts({ ctx, now = new Date() }: { ctx: WorkspaceCtx; now?: Date }) {
  return ctx.db.transaction(
    async (tx) => {
      const [settings] = await tx
        .select({
          minPayout: workspaceSettings.minPayout,
          currency: workspaceSettings.currency,
          taxFormRequired: workspaceSettings.taxFormRequired,
          taxFormThreshold: workspaceSettings.taxFormThreshold,
        })
        .from(workspaceSettings)
        .where(eq(workspaceSettings.workspaceId, ctx.workspaceId));
      const minPayout = settings?.minPayout ?? DEFAULT_MIN_PAYOUT;
      const due = await dueCommissions({ ctx: { ...ctx, db: tx }, now, lock: false });
      const gateSettings = settings ?? { taxFormRequired: false, taxFormThreshold: 0, currency: 'usd' };
      const taxGate = await readTaxGate({ ctx: { ...ctx, db: tx }, settings: gateSettings, affiliateIds: [...new Set(due.map((c) => c.affiliateId))], now });
      const plan = planPayouts(due, minPayout, taxGate);
      const waiting = await waitingCommissions({ ctx: { ...ctx, db: tx }, now });
      const ids = [...new Set([...plan.payouts, ...plan.skipped, ...waiting].map((g) => g.affiliateId))];
      const people = ids.length
        ? await tx
            .select({ id: affiliates.id, name: affiliates.name, email: affiliates.email, refCode: affiliates.refCode, status: affiliates.status })
            .from(affiliates)
            .where(and(eq(affiliates.workspaceId, ctx.workspaceId), inArray(affiliates.id, ids)))
        : [];
      return { ...plan, waiting, minPayout, affiliates: people };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
