import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { affiliates } from '@/db/schema';
import type { EmbedOptions } from '../../contracts/embed';
import { invalid, invalidState, RefcountError } from '../../errors/errors';
import { addAuditEntry } from '../audit/audit-entries';
import type { ActingCtx, WorkspaceCtx } from '../context';
import { hasAccess } from '../affiliates/access';
import { findAffiliateByEmail, type Affiliate } from '../affiliates/affiliates';
import { addAffiliate } from '../affiliates/create-affiliate';
import { readSettings } from '../settings/settings';
import { signEmbedToken } from './token';

// POST /v1/embed-tokens' rule (docs/embedded-referrals.md#the-token): find the merchant's user
// among the affiliates, or make them one by the rule every new affiliate follows, and sign a
// token for their referral page framed by one of the workspace's origins.

export type EmbedTokenRequest = {
  /** The merchant's own id for its user: finds the affiliate, and is kept on a new one. */
  tenantId?: string;
  /** Finds an affiliate that has no tenant id yet (it gets this one), or fills a new one. */
  email?: string;
  name?: string;
  campaignId?: string;
  /** Required when the workspace lists more than one origin. */
  origin?: string;
  options: EmbedOptions;
};

export type IssuedEmbedToken = { token: string; expiresAt: Date; affiliate: Affiliate; origin: string; created: boolean };

export async function issueEmbedToken({ ctx, input, now = new Date() }: { ctx: ActingCtx; input: EmbedTokenRequest; now?: Date }): Promise<IssuedEmbedToken> {
  if (!input.tenantId && !input.email) throw new RefcountError('tenant_id_required', 'tenant_id (your id for the user) or email is required');
  const origin = chooseOrigin((await readSettings(ctx)).embedOrigins, input.origin);
  const { row, created } = await ctx.db.transaction(async (tx) => {
    const found = await findOrCreate(tx, ctx, input);
    // Suspension and rejection close the page; a pending affiliate sees that its application waits.
    if (!hasAccess(found.row.status)) throw invalidState(`the affiliate is ${found.row.status}: no embed token until it is active again`);
    return found;
  });
  const { token, expiresAt } = signEmbedToken(
    { workspaceId: ctx.workspaceId, affiliateId: row.id, sessionVersion: row.sessionVersion, origin, options: input.options },
    now,
  );
  return { token, expiresAt, affiliate: row, origin, created };
}

/** The origin the token is bound to: the one asked for if listed, else the only one listed. */
function chooseOrigin(listed: string[], asked: string | undefined): string {
  if (listed.length === 0) {
    throw invalidState('no site may embed the referral page yet: add your site (e.g. https://app.example.com) under Settings, "Sites allowed to embed the referral page" (embed_origins in PATCH /v1/settings)');
  }
  if (asked === undefined) {
    if (listed.length === 1) return listed[0];
    throw new RefcountError('origin_required', `origin is required: the workspace lists ${listed.length} embed_origins, name the one that frames the page`);
  }
  if (!listed.includes(asked)) throw invalid('origin', `${asked} is not one of the workspace's embed_origins (${listed.join(', ')})`);
  return asked;
}

async function findByTenant(ctx: WorkspaceCtx, tenantId: string): Promise<Affiliate | undefined> {
  const [row] = await ctx.db
    .select()
    .from(affiliates)
    .where(and(eq(affiliates.workspaceId, ctx.workspaceId), eq(affiliates.tenantId, tenantId)));
  return row;
}

/**
 * By tenant id, else by e-mail, else a new affiliate. Requests for one tenant id take turns (a
 * transaction-scoped advisory lock), so racing first requests make one affiliate and the e-mail
 * match cannot hand one tenant id to two affiliates; the unique index stays the last word.
 */
async function findOrCreate(tx: Tx, ctx: ActingCtx, input: EmbedTokenRequest): Promise<{ row: Affiliate; created: boolean }> {
  const txCtx = { db: tx, workspaceId: ctx.workspaceId };
  const { tenantId, email } = input;
  if (tenantId) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`refcount:embed-tenant:${ctx.workspaceId}:${tenantId}`}))`);
    const byTenant = await findByTenant(txCtx, tenantId);
    if (byTenant) return { row: byTenant, created: false };
  }
  if (email) {
    const byEmail = await findAffiliateByEmail({ ctx: txCtx, email });
    if (byEmail) return { row: await adoptTenant(tx, ctx, byEmail, tenantId), created: false };
  }
  const result = await addAffiliate(tx, ctx, { tenantId, email, name: input.name, campaignId: input.campaignId }, async (c) =>
    (tenantId ? await findByTenant(c, tenantId) : undefined) ?? (email ? await findAffiliateByEmail({ ctx: c, email }) : undefined),
  );
  if (result.kind === 'existing') return { row: await adoptTenant(tx, ctx, result.row, tenantId), created: false };
  return { row: result.row, created: true };
}

/** An affiliate found by e-mail takes the tenant id if it has none; another tenant's is a conflict. */
async function adoptTenant(tx: Tx, ctx: ActingCtx, row: Affiliate, tenantId: string | undefined): Promise<Affiliate> {
  if (!tenantId || row.tenantId === tenantId) return row;
  if (row.tenantId !== null) throw invalidState('email: the affiliate with this e-mail already has another tenant_id');
  const [updated] = await tx
    .update(affiliates)
    .set({ tenantId })
    .where(and(eq(affiliates.workspaceId, ctx.workspaceId), eq(affiliates.id, row.id), isNull(affiliates.tenantId)))
    .returning();
  // Another request gave it a tenant id between the read and this write (that request held another tenant's lock).
  if (!updated) throw invalidState('email: the affiliate with this e-mail already has another tenant_id');
  await addAuditEntry(tx, ctx, 'affiliate.updated', { type: 'affiliate', id: row.id }, { before: { tenant_id: null }, after: { tenant_id: tenantId } });
  return updated;
}
