import { and, eq, or, sql, type Placeholder } from 'drizzle-orm';
import { affiliates } from '@/db/schema';
import { notFound } from '../../errors/errors';
import type { WorkspaceCtx } from '../context';
import { loadRecord } from '../records';
import { normaliseEmail } from './normalise-email';

export type Affiliate = typeof affiliates.$inferSelect;
export type AffiliateStatus = Affiliate['status'];

/** The workspace's affiliate, or link_not_found (also for another workspace's id). */
export async function getAffiliate({ ctx, id }: { ctx: WorkspaceCtx; id: string }): Promise<Affiliate> {
  return loadRecord(ctx, affiliates, id, () => notFound('affiliate'));
}

// Matches the expression of affiliates_workspace_email_uq, so the lookup uses that index.
export const sameEmail = (email: string | Placeholder) => sql`lower(${affiliates.email}) = lower(${email})`;

export async function findAffiliateByEmail({ ctx, email }: { ctx: WorkspaceCtx; email: string }): Promise<Affiliate | undefined> {
  const [row] = await ctx.db
    .select()
    .from(affiliates)
    .where(and(eq(affiliates.workspaceId, ctx.workspaceId), sameEmail(email)));
  return row;
}

/**
 * The affiliate whose e-mail reaches the inbox `email` reaches (normalise-email.ts), in any
 * spelling: what the join page counts as "already in the program". Affiliates made before the
 * normalised column existed match by case-insensitive e-mail only.
 */
export async function findAffiliateByInbox({ ctx, email }: { ctx: WorkspaceCtx; email: string }): Promise<Affiliate | undefined> {
  const [row] = await ctx.db
    .select()
    .from(affiliates)
    .where(and(eq(affiliates.workspaceId, ctx.workspaceId), or(sameEmail(email), eq(affiliates.normalisedEmail, normaliseEmail(email)))))
    .limit(1);
  return row;
}
