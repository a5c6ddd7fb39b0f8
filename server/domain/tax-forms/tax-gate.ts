import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { affiliateTaxForms, payouts } from '@/db/schema';
import { chunks } from '../../lib/chunks';
import type { WorkspaceCtx } from '../context';
import type { TaxGate } from '../payouts/plan-payouts';

// What the tax-form gate of a payout batch reads (docs/paying-affiliates.md#tax-forms): which
// affiliates have a form, and what each was paid or is being paid this calendar year (UTC).

/** The calendar year (UTC) of `now`: [1 January, next 1 January). */
export const utcYear = (year: number) => ({ from: new Date(Date.UTC(year, 0, 1)), to: new Date(Date.UTC(year + 1, 0, 1)) });

const AFFILIATES_PER_READ = 10_000;

/** A payout counts in the year it was paid, else in the year it was made (pending, processing). */
const payoutDay = sql`coalesce(${payouts.paidAt}, ${payouts.createdAt})`;

/**
 * The gate for `affiliateIds` as the workspace's settings set it, or null when the workspace does
 * not require tax forms. The year's total is in the workspace currency only: the threshold is
 * never converted, so a payout in another currency needs a form (planPayouts).
 */
export async function readTaxGate({
  ctx,
  settings,
  affiliateIds,
  now,
}: {
  ctx: WorkspaceCtx;
  settings: { taxFormRequired: boolean; taxFormThreshold: number; currency: string };
  affiliateIds: string[];
  now: Date;
}): Promise<TaxGate | null> {
  if (!settings.taxFormRequired) return null;
  const gate: TaxGate = { threshold: settings.taxFormThreshold, currency: settings.currency, withForm: new Set(), paidThisYear: new Map() };
  if (!affiliateIds.length) return gate;
  const { from, to } = utcYear(now.getUTCFullYear());
  // A batch may name up to MAX_COMMISSIONS_PER_BATCH affiliates: sliced under PostgreSQL's
  // limit of bound parameters per statement.
  for (const ids of chunks(affiliateIds, AFFILIATES_PER_READ)) {
    const forms = await ctx.db
      .select({ affiliateId: affiliateTaxForms.affiliateId })
      .from(affiliateTaxForms)
      .where(and(eq(affiliateTaxForms.workspaceId, ctx.workspaceId), inArray(affiliateTaxForms.affiliateId, ids), isNull(affiliateTaxForms.replacedAt)));
    for (const f of forms) gate.withForm.add(f.affiliateId);
    const totals = await ctx.db
      .select({ affiliateId: payouts.affiliateId, total: sql<string>`sum(${payouts.amount})::text` })
      .from(payouts)
      .where(
        and(
          eq(payouts.workspaceId, ctx.workspaceId),
          inArray(payouts.affiliateId, ids),
          eq(payouts.currency, settings.currency),
          inArray(payouts.status, ['paid', 'pending', 'processing']),
          // ISO text cast here: postgres.js cannot bind a Date to an expression with no column type
          sql`${payoutDay} >= ${from.toISOString()}::timestamptz`,
          sql`${payoutDay} < ${to.toISOString()}::timestamptz`,
        ),
      )
      .groupBy(payouts.affiliateId);
    for (const t of totals) gate.paidThisYear.set(t.affiliateId, Number(t.total));
  }
  return gate;
}
