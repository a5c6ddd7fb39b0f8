import { and, asc, eq } from 'drizzle-orm';
import { affiliates, payouts } from '@/db/schema';
import type { WorkspaceCtx } from '../context';
import { minorToDecimal } from '../../model/money';
import { MAX_CSV_PAYOUTS } from '../../contracts/limits';
import { csvLines } from '../../lib/csv';

// PayPal Payouts file layout (Payouts Web upload): no header row; per line the recipient, the
// amount in major units, the currency, an optional customer id (left empty: ours are longer than
// its 30 characters), the note to the recipient, and the recipient wallet. Cells are written by
// server/lib/csv.ts like every export, so a recipient such as `=cmd` or `+1…` stays text.

/**
 * The pending payouts as CSV, oldest first, at most MAX_CSV_PAYOUTS of them (mark those paid,
 * then export the rest). A payout whose affiliate has neither payout_email nor
 * email cannot be sent through PayPal and is left out (it stays pending).
 */
export async function pendingPayoutsCsv({ ctx, currency }: { ctx: WorkspaceCtx; currency?: string }): Promise<string> {
  const rows = await ctx.db
    .select({ id: payouts.id, amount: payouts.amount, currency: payouts.currency, email: affiliates.email, payoutEmail: affiliates.payoutEmail })
    .from(payouts)
    .innerJoin(affiliates, and(eq(affiliates.id, payouts.affiliateId), eq(affiliates.workspaceId, payouts.workspaceId)))
    .where(
      and(
        eq(payouts.workspaceId, ctx.workspaceId),
        eq(payouts.status, 'pending'),
        currency ? eq(payouts.currency, currency) : undefined,
      ),
    )
    .orderBy(asc(payouts.createdAt), asc(payouts.id))
    .limit(MAX_CSV_PAYOUTS);
  return csvLines(
    rows.flatMap((r) => {
      const recipient = r.payoutEmail || r.email;
      if (!recipient) return [];
      return [[recipient, minorToDecimal(r.amount, r.currency), r.currency.toUpperCase(), '', `Refcount payout ${r.id}`, 'PAYPAL']];
    }),
  );
}
