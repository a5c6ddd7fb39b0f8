import { and, count, eq, lt, min, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { conversions } from '@/db/schema';
import type { DbOrTx } from '@/db/client';
import { preparedQuery } from '../../../lib/prepared-query';
import type { WorkspaceCtx } from '../../context';

type Conv = typeof conversions.$inferSelect;
export type PaymentHistory = { periodIndex: number; firstPaymentAt: Date };

/** Which customer's payments, before when: SQL values (placeholders, or a batch's columns). */
export type PaymentsOf = { workspaceId: SQL; customerId: SQL; ts: SQL };
const placeholders: PaymentsOf = { workspaceId: sql`${sql.placeholder('workspaceId')}`, customerId: sql`${sql.placeholder('customerId')}`, ts: sql`${sql.placeholder('ts')}::timestamptz` };

/**
 * The customer's attributed payments before `of.ts` as one row, count and first: a statement of its
 * own, or a lateral join of another statement (the sale's first read), where conversions goes by
 * the name `as` (`only`: a condition it adds).
 */
export const earlierPayments = (db: DbOrTx, of: PaymentsOf, as?: string, only?: SQL) => {
  const c = as ? alias(conversions, as) : conversions;
  return db
    .select({ n: count().as('n'), first: min(c.ts).as('first') })
    .from(c)
    .where(and(only, eq(c.workspaceId, of.workspaceId), eq(c.customerId, of.customerId), eq(c.type, 'sale'), eq(c.isTest, false), lt(c.ts, of.ts)));
};

const earlierPaymentsQuery = preparedQuery('customer_earlier_payments', (db) => earlierPayments(db, placeholders));

/** period_index (0 for the first payment, then 1, 2, …) and when the first was, from earlierPayments' row. */
export function historyOf(row: { n: unknown; first: unknown } | undefined, ts: Date): PaymentHistory {
  const first = row?.first ? new Date(row.first as string | Date) : ts;
  return { periodIndex: Number(row?.n ?? 0), firstPaymentAt: first < ts ? first : ts };
}

/**
 * The customer's attributed payments before this one: period_index (0 for the first, then 1, 2,
 * …) and when the first was, from which `limited` rules count their months.
 */
export async function paymentHistory({ ctx, sale }: { ctx: WorkspaceCtx; sale: Pick<Conv, 'customerId' | 'ts'> }): Promise<PaymentHistory> {
  if (!sale.customerId) return { periodIndex: 0, firstPaymentAt: sale.ts };
  const [row] = await earlierPaymentsQuery(ctx.db).execute({ workspaceId: ctx.workspaceId, customerId: sale.customerId, ts: sale.ts.toISOString() });
  return historyOf(row, sale.ts);
}
