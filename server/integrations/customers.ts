import { and, eq, lt, sql } from 'drizzle-orm';
import { conversions, integrationCustomers } from '@/db/schema';
import type { IntegrationCtx } from './provider';

export type CustomerLink = typeof integrationCustomers.$inferSelect;
export type Hints = { visitorId?: string | null; ref?: string | null; manualCode?: string | null };

export const hasHints = (h: Hints) => !!(h.visitorId || h.ref || h.manualCode);

const t = integrationCustomers;
const noHints = sql`${t.visitorId} is null and ${t.ref} is null and ${t.manualCode} is null`;

/**
 * Links a provider customer to what checkout knew of them (visitor id, ref code, coupon), or
 * notes them as seen without one. The first link wins: a customer keeps its affiliate across
 * later invoices and subscriptions; only a customer noted without hints takes later ones.
 */
export async function linkCustomer(ctx: IntegrationCtx, customerId: string, hints: Hints, sourceEventId: string): Promise<CustomerLink> {
  const values = { visitorId: hints.visitorId ?? null, ref: hints.ref ?? null, manualCode: hints.manualCode ?? null };
  const [row] = await ctx.db
    .insert(t)
    .values({ workspaceId: ctx.workspaceId, provider: ctx.provider, customerId, ...values, sourceEventId })
    .onConflictDoUpdate({
      target: [t.workspaceId, t.provider, t.customerId],
      set: { ...values, sourceEventId },
      // hints fill a customer noted without any; nothing replaces a link's hints
      setWhere: hasHints(hints) ? noHints : sql`false`,
    })
    .returning();
  return row ?? (await customerLink(ctx, customerId))!;
}

export async function customerLink(ctx: IntegrationCtx, customerId: string): Promise<CustomerLink | undefined> {
  const [row] = await ctx.db
    .select()
    .from(t)
    .where(and(eq(t.workspaceId, ctx.workspaceId), eq(t.provider, ctx.provider), eq(t.customerId, customerId)));
  return row;
}

/** Whether the customer already has a conversion: then attribution keeps its affiliate. */
export async function hasConversions(ctx: IntegrationCtx, customerId: string): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: conversions.id })
    .from(conversions)
    .where(and(eq(conversions.workspaceId, ctx.workspaceId), eq(conversions.customerId, customerId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Whether the customer has a sale imported from another platform (server/importers) before
 * `before`: a renewal of a subscription whose earlier invoices were paid before the move, which
 * Refcount never saw, then need not wait for them (docs/moving-from-another-platform.md).
 */
export async function hasImportedSale(ctx: IntegrationCtx, customerId: string, before: Date): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: conversions.id })
    .from(conversions)
    .where(and(eq(conversions.workspaceId, ctx.workspaceId), eq(conversions.customerId, customerId), eq(conversions.matchMethod, 'imported'), lt(conversions.ts, before)))
    .limit(1);
  return rows.length > 0;
}
