import { and, eq } from 'drizzle-orm';
import { conversions, integrationCustomers } from '@/db/schema';
import type { IntegrationCtx } from './provider';

export type CustomerLink = typeof integrationCustomers.$inferSelect;
export type Hints = { visitorId?: string | null; ref?: string | null; manualCode?: string | null };

export const hasHints = (h: Hints) => !!(h.visitorId || h.ref || h.manualCode);

/**
 * Links a provider customer to what checkout knew of them (visitor id, ref code, coupon), or
 * notes them as seen without one. The first link wins: a customer keeps its affiliate across
 * later invoices and subscriptions.
 */
export async function linkCustomer(ctx: IntegrationCtx, customerId: string, hints: Hints, sourceEventId: string): Promise<CustomerLink> {
  const [row] = await ctx.db
    .insert(integrationCustomers)
    .values({
      workspaceId: ctx.workspaceId,
      provider: ctx.provider,
      customerId,
      visitorId: hints.visitorId ?? null,
      ref: hints.ref ?? null,
      manualCode: hints.manualCode ?? null,
      sourceEventId,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? (await customerLink(ctx, customerId))!;
}

export async function customerLink(ctx: IntegrationCtx, customerId: string): Promise<CustomerLink | undefined> {
  const [row] = await ctx.db
    .select()
    .from(integrationCustomers)
    .where(
      and(
        eq(integrationCustomers.workspaceId, ctx.workspaceId),
        eq(integrationCustomers.provider, ctx.provider),
        eq(integrationCustomers.customerId, customerId),
      ),
    );
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
