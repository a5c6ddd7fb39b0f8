import { and, count, eq, lt, min } from 'drizzle-orm';
import { conversions } from '@/db/schema';
import type { WorkspaceCtx } from '../../context';

type Conv = typeof conversions.$inferSelect;

/**
 * The customer's attributed payments before this one: period_index (0 for the first, then 1, 2,
 * …) and when the first was, from which `limited` rules count their months.
 */
export async function paymentHistory({ ctx, conv }: { ctx: WorkspaceCtx; conv: Conv }): Promise<{ periodIndex: number; firstPaymentAt: Date }> {
  if (!conv.customerId) return { periodIndex: 0, firstPaymentAt: conv.ts };
  const [row] = await ctx.db
    .select({ n: count(), first: min(conversions.ts) })
    .from(conversions)
    .where(
      and(
        eq(conversions.workspaceId, ctx.workspaceId),
        eq(conversions.customerId, conv.customerId),
        eq(conversions.type, 'sale'),
        eq(conversions.isTest, false),
        lt(conversions.ts, conv.ts),
      ),
    );
  const first = row?.first ? new Date(row.first) : conv.ts;
  return { periodIndex: Number(row?.n ?? 0), firstPaymentAt: first < conv.ts ? first : conv.ts };
}
