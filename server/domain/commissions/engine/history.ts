import { and, count, eq, lt, min, sql } from 'drizzle-orm';
import { conversions } from '@/db/schema';
import { preparedQuery } from '../../../lib/prepared-query';
import type { WorkspaceCtx } from '../../context';

type Conv = typeof conversions.$inferSelect;
export type PaymentHistory = { periodIndex: number; firstPaymentAt: Date };

const earlierPayments = preparedQuery('customer_earlier_payments', (db) =>
  db
    .select({ n: count(), first: min(conversions.ts) })
    .from(conversions)
    .where(
      and(
        eq(conversions.workspaceId, sql.placeholder('workspaceId')),
        eq(conversions.customerId, sql.placeholder('customerId')),
        eq(conversions.type, 'sale'),
        eq(conversions.isTest, false),
        lt(conversions.ts, sql`${sql.placeholder('ts')}::timestamptz`),
      ),
    ),
);

/**
 * The customer's attributed payments before this one: period_index (0 for the first, then 1, 2,
 * …) and when the first was, from which `limited` rules count their months.
 */
export async function paymentHistory({ ctx, sale }: { ctx: WorkspaceCtx; sale: Pick<Conv, 'customerId' | 'ts'> }): Promise<PaymentHistory> {
  if (!sale.customerId) return { periodIndex: 0, firstPaymentAt: sale.ts };
  const [row] = await earlierPayments(ctx.db).execute({ workspaceId: ctx.workspaceId, customerId: sale.customerId, ts: sale.ts.toISOString() });
  const first = row?.first ? new Date(row.first) : sale.ts;
  return { periodIndex: Number(row?.n ?? 0), firstPaymentAt: first < sale.ts ? first : sale.ts };
}
