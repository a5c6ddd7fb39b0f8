import { and, eq, inArray } from 'drizzle-orm';
import { affiliates } from '@/db/schema';
import type { WorkspaceCtx } from '../context';

/**
 * The affiliates who may use the portal and their refa_live_ keys: active ones, and pending ones
 * (they follow their application before approval). Suspended and rejected affiliates are shut out
 * everywhere at once (sign-in, sign-in links, keys, a session already open) and let back in on
 * reactivation. One list, so the four doors cannot disagree.
 */
export const ACCESS_STATUSES = ['active', 'pending'] as const;

export const hasAccess = (status: string) => (ACCESS_STATUSES as readonly string[]).includes(status);

/** Whether this affiliate (of this workspace) may still use the portal now. */
export async function affiliateHasAccess({ ctx, affiliateId }: { ctx: WorkspaceCtx; affiliateId: string }): Promise<boolean> {
  const { db, workspaceId } = ctx;
  const [row] = await db
    .select({ id: affiliates.id })
    .from(affiliates)
    .where(and(eq(affiliates.workspaceId, workspaceId), eq(affiliates.id, affiliateId), inArray(affiliates.status, [...ACCESS_STATUSES])));
  return !!row;
}
