import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { affiliatePayoutMethods, affiliates, payouts } from '@/db/schema';
import type { WorkspaceCtx } from '../context';
import { minorToDecimal } from '../../model/money';
import { MAX_CSV_PAYOUTS } from '../../contracts/limits';
import { csvLines } from '../../lib/csv';

// PayPal Payouts file layout (Payouts Web upload): no header row; per line the recipient, the
// amount in major units, the currency, an optional customer id (left empty: ours are longer than
// its 30 characters), the note to the recipient, and the recipient wallet. Cells are written by
// server/lib/csv.ts like every export, so a recipient such as `=cmd` or `+1…` stays text.

/** The pending payouts a CSV holds: not those of affiliates paid through Stripe Connect. */
const exportable = (ctx: WorkspaceCtx, currency?: string) =>
  and(
    eq(payouts.workspaceId, ctx.workspaceId),
    eq(payouts.status, 'pending'),
    or(isNull(affiliatePayoutMethods.kind), ne(affiliatePayoutMethods.kind, 'stripe_connect')),
    currency ? eq(payouts.currency, currency) : undefined,
  );

/**
 * The pending payouts as CSV, oldest first, at most MAX_CSV_PAYOUTS of them (mark those paid,
 * then export the rest). A payout whose affiliate has neither payout_email nor
 * email cannot be sent through PayPal and is left out (it stays pending). So is one whose
 * affiliate is paid through Stripe Connect: the batch's send pays it, and a line in both could be
 * paid twice. An affiliate paid by PayPal gets its confirmed PayPal receiver
 * (docs/paying-affiliates.md#payout-methods).
 */
export async function pendingPayoutsCsv({ ctx, currency }: { ctx: WorkspaceCtx; currency?: string }): Promise<string> {
  const rows = await ctx.db
    .select({
      id: payouts.id, amount: payouts.amount, currency: payouts.currency, email: affiliates.email, payoutEmail: affiliates.payoutEmail,
      paypal: affiliatePayoutMethods.paypalReceiver, paypalReady: sql<boolean>`${affiliatePayoutMethods.state} = 'ready'`,
    })
    .from(payouts)
    .innerJoin(affiliates, and(eq(affiliates.id, payouts.affiliateId), eq(affiliates.workspaceId, payouts.workspaceId)))
    .leftJoin(affiliatePayoutMethods, and(eq(affiliatePayoutMethods.affiliateId, payouts.affiliateId), eq(affiliatePayoutMethods.workspaceId, payouts.workspaceId)))
    .where(exportable(ctx, currency))
    .orderBy(asc(payouts.createdAt), asc(payouts.id))
    .limit(MAX_CSV_PAYOUTS);
  return csvLines(
    rows.flatMap((r) => {
      const recipient = (r.paypalReady ? r.paypal : null) || r.payoutEmail || r.email;
      if (!recipient) return [];
      return [[recipient, minorToDecimal(r.amount, r.currency), r.currency.toUpperCase(), '', `Refcount payout ${r.id}`, 'PAYPAL']];
    }),
  );
}

/**
 * GET /v1/payouts/export-currencies: per currency, how many pending payouts the CSV would hold and
 * their total, so a caller downloads one file per currency (PayPal takes one currency per file).
 * Payouts of affiliates without any e-mail count here though the file leaves them out.
 */
export async function exportCurrencies({ ctx }: { ctx: WorkspaceCtx }): Promise<{ currency: string; payouts: number; amount: number }[]> {
  return ctx.db
    .select({ currency: payouts.currency, payouts: sql<number>`count(*)`.mapWith(Number), amount: sql<number>`sum(${payouts.amount})`.mapWith(Number) })
    .from(payouts)
    .leftJoin(affiliatePayoutMethods, and(eq(affiliatePayoutMethods.affiliateId, payouts.affiliateId), eq(affiliatePayoutMethods.workspaceId, payouts.workspaceId)))
    .where(exportable(ctx))
    .groupBy(payouts.currency)
    .orderBy(asc(payouts.currency));
}
