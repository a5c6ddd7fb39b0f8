import { and, desc, eq, getTableColumns, or, sql, type Placeholder } from 'drizzle-orm';
import { affiliates } from '@/db/schema';
import type { PresentedAffiliate } from '../../contracts/affiliate';
import { notFound } from '../../errors/errors';
import type { Page } from '../../lib/pagination';
import type { WorkspaceCtx } from '../context';
import { referencedCampaign } from '../references';
import { loadRecord } from '../records';
import { isoColumn } from '../../lib/instant';
import { preparedShapes } from '../../lib/prepared-query';
import { normaliseEmail } from './normalise-email';

export type Affiliate = typeof affiliates.$inferSelect;
export type AffiliateStatus = Affiliate['status'];
export type AffiliateFilter = { status?: AffiliateStatus; campaignId?: string; email?: string };

/** The workspace's affiliate, or link_not_found (also for another workspace's id). */
export async function getAffiliate({ ctx, id }: { ctx: WorkspaceCtx; id: string }): Promise<Affiliate> {
  return loadRecord(ctx, affiliates, id, () => notFound('affiliate'));
}

// Matches the expression of affiliates_workspace_email_uq, so the lookup uses that index.
const sameEmail = (email: string | Placeholder) => sql`lower(${affiliates.email}) = lower(${email})`;

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

// What a listed affiliate shows, and no more: the hashes stay in the database, and each column
// fetched costs every row its decoding (instants come as the ISO text the answer carries).
const { id, email, name, refCode, status, campaignId, payoutEmail, createdAt, approvedAt, commissionsHeldAt } = getTableColumns(affiliates);
const listed = {
  id, email, name, refCode, status, campaignId, payoutEmail,
  createdAt: isoColumn(createdAt), approvedAt: isoColumn(approvedAt), commissionsHeldAt: isoColumn(commissionsHeldAt),
} satisfies Record<keyof PresentedAffiliate, unknown>;

// One prepared query per combination of filters given (each shape keeps its own index-friendly plan).
const listShape = preparedShapes('list_affiliates', (f: { status: boolean; campaignId: boolean; email: boolean }, db) =>
  db
    .select(listed)
    .from(affiliates)
    .where(
      and(
        eq(affiliates.workspaceId, sql.placeholder('workspaceId')),
        f.status ? eq(affiliates.status, sql.placeholder('status')) : undefined,
        f.campaignId ? eq(affiliates.campaignId, sql.placeholder('campaignId')) : undefined,
        f.email ? sameEmail(sql.placeholder('email')) : undefined,
      ),
    )
    .orderBy(desc(affiliates.createdAt), desc(affiliates.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

export async function listAffiliates({ ctx, filter, page }: { ctx: WorkspaceCtx; filter: AffiliateFilter; page: Page }) {
  // A campaign of another workspace answers like a missing one, as every list filter does.
  if (filter.campaignId !== undefined) await referencedCampaign(ctx, filter.campaignId);
  const shape = listShape({ status: !!filter.status, campaignId: !!filter.campaignId, email: !!filter.email });
  return shape(ctx.db).execute({ workspaceId: ctx.workspaceId, ...filter, ...page });
}
