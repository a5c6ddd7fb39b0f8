import { and, eq, sql } from 'drizzle-orm';
import { affiliateCodeLinks, affiliateCodes, affiliates } from '@/db/schema';
import { addAuditEntry } from '../../domain/audit/audit-entries';
import { fitsCodeRule } from '../../domain/codes/codes';
import { otherRefCodes } from '../../domain/codes/store';
import type { ActingCtx, WorkspaceCtx } from '../../domain/context';
import { loadRecord } from '../../domain/records';
import { invalid, invalidState, notFound } from '../../errors/errors';
import { isUniqueViolation } from '../../lib/database-error';
import { paddleCall, paddleClient } from '../paddle/api';
import { ProviderApiError } from '../provider-api';
import { SecretUnavailable } from '../secret-box';
import { apiKeyOf, findIntegration } from '../settings';
import { stripeCall, stripeClient } from '../stripe/api';
import type { CodeLink } from './pusher';

// Linking a code that already exists in a provider (a promotion code made by hand in Stripe, a
// Paddle discount) to an affiliate instead of having Refcount make one (docs/integrations/
// stripe.md "Affiliate codes"): read through the API key, it becomes the affiliate's code,
// source 'linked', already synced. Refcount deactivates it when the code is deactivated and never
// changes its discount, which stays the merchant's.

export type AffiliateCode = typeof affiliateCodes.$inferSelect;
export type LinkableProvider = 'stripe' | 'paddle';

const ID_SHAPE: Record<LinkableProvider, { pattern: RegExp; example: string }> = {
  stripe: { pattern: /^promo_[A-Za-z0-9]{1,250}$/, example: 'a Stripe promotion code id (promo_…)' },
  paddle: { pattern: /^dsc_[a-z0-9]{1,250}$/, example: 'a Paddle discount id (dsc_…)' },
};
const LABEL: Record<LinkableProvider, string> = { stripe: 'Stripe', paddle: 'Paddle' };

type Found = { objectId: string; code: string | null; active: boolean; couponId: string | null };

/** The promotion code or discount as the provider has it; a refusal said in our words. */
async function readAtProvider(provider: LinkableProvider, key: string, id: string): Promise<Found> {
  try {
    if (provider === 'stripe') {
      const p = await stripeCall('reading the promotion code', () => stripeClient(key).promotionCodes.retrieve(id));
      const coupon = p.promotion.coupon;
      return { objectId: p.id, code: p.code, active: p.active, couponId: typeof coupon === 'string' ? coupon : (coupon?.id ?? null) };
    }
    const d = await paddleCall('reading the discount', () => paddleClient(key).discounts.get(id));
    return { objectId: d.id, code: d.code, active: d.status === 'active' && d.enabledForCheckout, couponId: null };
  } catch (err) {
    if (!(err instanceof ProviderApiError)) throw err;
    if (err.failure === 'not_found') throw invalid('provider_code_id', `${LABEL[provider]} has no ${provider === 'stripe' ? 'promotion code' : 'discount'} ${id}`);
    throw invalidState(`${LABEL[provider]}: ${err.message}`);
  }
}

function keyOf(integration: Parameters<typeof apiKeyOf>[0]): string | null {
  try {
    return apiKeyOf(integration);
  } catch (err) {
    if (err instanceof SecretUnavailable) return null;
    throw err;
  }
}

/**
 * Links the provider's code `providerCodeId` to the affiliate: refused when the affiliate is not
 * the workspace's (link_not_found), without an API key, when the provider has no such active
 * code, when its text breaks the codes' rule, when it is linked already or its text is any code
 * of the workspace's (inactive ones included: a code's text is never handed on). The code and its
 * link are written in one transaction with the audit entry.
 */
export async function linkProviderCode({ ctx, affiliateId, provider, providerCodeId }: { ctx: ActingCtx; affiliateId: string; provider: LinkableProvider; providerCodeId: string }): Promise<{ code: AffiliateCode; link: CodeLink }> {
  await loadRecord(ctx, affiliates, affiliateId, () => notFound('affiliate'));
  const id = providerCodeId.trim();
  if (!ID_SHAPE[provider].pattern.test(id)) throw invalid('provider_code_id', ID_SHAPE[provider].example);
  const integration = await findIntegration({ ctx, provider });
  const key = integration && keyOf(integration);
  if (!key) throw invalidState(`set a ${LABEL[provider]} API key first: linking reads the code through it`);
  // read before the transaction: no connection waits on the network
  const found = await readAtProvider(provider, key, id);
  if (!found.code) throw invalid('provider_code_id', `this ${LABEL[provider]} discount has no code a customer can type`);
  if (!found.active) throw invalidState(`the code "${found.code}" is not active in ${LABEL[provider]}: activate it there first`);
  // the codes' one text rule (server/domain/codes/codes.ts), said of the provider's object
  if (!fitsCodeRule(found.code)) throw invalid('provider_code_id', `its code "${found.code}" is not 3 to 32 letters and digits outside the reserved words (docs/codes.md)`);
  const text = found.code;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [linked] = await tx
        .select({ id: affiliateCodeLinks.id })
        .from(affiliateCodeLinks)
        .where(and(eq(affiliateCodeLinks.workspaceId, ctx.workspaceId), eq(affiliateCodeLinks.provider, provider), eq(affiliateCodeLinks.objectId, found.objectId)));
      if (linked) throw alreadyLinked(provider);
      const [held] = await tx
        .select({ id: affiliateCodes.id })
        .from(affiliateCodes)
        .where(and(eq(affiliateCodes.workspaceId, ctx.workspaceId), eq(affiliateCodes.codeKey, text.toLowerCase())));
      // nor another affiliate's ref code: a code typed at checkout names one affiliate (docs/codes.md)
      if (held || (await otherRefCodes(tx, ctx, affiliateId, [text.toLowerCase()])).size) throw textHeld(text);
      const [code] = await tx
        .insert(affiliateCodes)
        .values({ workspaceId: ctx.workspaceId, affiliateId, code: text, codeKey: text.toLowerCase(), source: 'linked', syncState: 'synced' })
        .returning();
      const [link] = await tx
        .insert(affiliateCodeLinks)
        .values({ workspaceId: ctx.workspaceId, codeId: code.id, provider, objectId: found.objectId, couponId: found.couponId, code: text, discount: null })
        .returning();
      await addAuditEntry(tx, ctx, 'affiliate_code.linked', { type: 'affiliate_code', id: code.id }, {
        after: { affiliate_id: affiliateId, code: text, source: 'linked', provider, provider_code_id: found.objectId },
      });
      return { code, link };
    });
  } catch (err) {
    // two links racing: the unique indexes decide, and the loser hears what the checks say
    if (isUniqueViolation(err, 'affiliate_code_links_object_uq')) throw alreadyLinked(provider);
    if (isUniqueViolation(err, 'affiliate_codes_workspace_code_uq')) throw textHeld(text);
    throw err;
  }
}

const alreadyLinked = (provider: LinkableProvider) => invalidState(`this ${LABEL[provider]} code is already linked to an affiliate code`);
const textHeld = (text: string) => invalidState(`the code "${text}" is taken in this workspace: by an affiliate code (inactive ones keep their text) or another affiliate's ref code`);

/** A code's provider objects, for its page and the API (newest first). */
export async function codeLinksOf(ctx: WorkspaceCtx, codeId: string): Promise<CodeLink[]> {
  return ctx.db
    .select()
    .from(affiliateCodeLinks)
    .where(and(eq(affiliateCodeLinks.workspaceId, ctx.workspaceId), eq(affiliateCodeLinks.codeId, codeId)))
    .orderBy(sql`${affiliateCodeLinks.createdAt} desc`);
}
