import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { integrationObjects, integrationSales } from '@/db/schema';
import type { IntegrationCtx } from './provider';

export type Sale = typeof integrationSales.$inferSelect;
export type SaleInput = Pick<
  typeof integrationSales.$inferInsert,
  'saleRef' | 'customerId' | 'subscriptionId' | 'billingReason' | 'paidAt' | 'amount' | 'chargedAmount' | 'conversionId'
>;
type ObjectInput = Pick<typeof integrationObjects.$inferInsert, 'objectId' | 'kind' | 'target' | 'amount' | 'state'>;

const provider = (ctx: IntegrationCtx) => ctx.provider;
const scope = (ctx: IntegrationCtx) => and(eq(integrationSales.workspaceId, ctx.workspaceId), eq(integrationSales.provider, provider(ctx)));

/** Notes a provider payment that was (or was not) a conversion; a replay keeps what is known. */
export async function notePayment(ctx: IntegrationCtx, sale: SaleInput): Promise<Sale> {
  const [row] = await ctx.db
    .insert(integrationSales)
    .values({ ...sale, workspaceId: ctx.workspaceId, provider: provider(ctx) })
    .onConflictDoUpdate({
      target: [integrationSales.workspaceId, integrationSales.provider, integrationSales.saleRef],
      set: { conversionId: sql`coalesce(excluded.conversion_id, ${integrationSales.conversionId})`, updatedAt: new Date() },
    })
    .returning();
  return row;
}

/** Points a provider id at something (a charge at its sale, a promotion code at its text). */
export async function noteObject(ctx: IntegrationCtx, obj: ObjectInput) {
  await ctx.db
    .insert(integrationObjects)
    .values({ ...obj, workspaceId: ctx.workspaceId, provider: provider(ctx) })
    .onConflictDoUpdate({
      target: [integrationObjects.workspaceId, integrationObjects.provider, integrationObjects.objectId],
      set: { target: obj.target, amount: obj.amount ?? null, state: obj.state ?? null, updatedAt: new Date() },
    });
}

export async function objectsOf(ctx: IntegrationCtx, kind: ObjectInput['kind'], where: { ids?: string[]; target?: string }) {
  return ctx.db
    .select()
    .from(integrationObjects)
    .where(
      and(
        eq(integrationObjects.workspaceId, ctx.workspaceId),
        eq(integrationObjects.provider, provider(ctx)),
        eq(integrationObjects.kind, kind),
        where.ids ? inArray(integrationObjects.objectId, where.ids.length ? where.ids : ['']) : undefined,
        where.target ? eq(integrationObjects.target, where.target) : undefined,
      ),
    );
}

/**
 * The sale a payment belongs to, by any of its ids: the sale's own (an invoice, a payment
 * intent) or a payment recorded against it. Locked: refunds and disputes of one sale queue.
 */
export async function findSale(ctx: IntegrationCtx, refs: (string | null | undefined)[]): Promise<Sale | undefined> {
  const ids = [...new Set(refs.filter((r): r is string => !!r))];
  if (!ids.length) return undefined;
  const byRef = (saleRefs: string[]) =>
    ctx.db.select().from(integrationSales).where(and(scope(ctx), inArray(integrationSales.saleRef, saleRefs))).for('update');
  const [direct] = await byRef(ids);
  if (direct) return direct;
  const aliases = await objectsOf(ctx, 'payment', { ids });
  if (!aliases.length) return undefined;
  return (await byRef(aliases.map((a) => a.target)))[0];
}

/** Whether a sale of this subscription was paid before `before` (a renewal's predecessors). */
export async function hasEarlierSale(ctx: IntegrationCtx, subscriptionId: string, before: Date): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: integrationSales.id })
    .from(integrationSales)
    .where(and(scope(ctx), eq(integrationSales.subscriptionId, subscriptionId), lt(integrationSales.paidAt, before)))
    .limit(1);
  return rows.length > 0;
}

export async function updateSale(ctx: IntegrationCtx, sale: Sale, set: Partial<Pick<Sale, 'refundedAmount' | 'refundsAsOf' | 'revertedRefunds'>>): Promise<Sale> {
  const [row] = await ctx.db
    .update(integrationSales)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(integrationSales.id, sale.id))
    .returning();
  return row;
}
