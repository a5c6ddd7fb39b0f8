// not /v1 (the embedded page's server-side caller only): one affiliate's referral summary for /embed/referrals
import { presentAffiliateCode } from '../../contracts/affiliate-code';
import { presentLinkKit } from '../../contracts/link-kit';
import { presentPayout } from '../../contracts/payout';
import { presentPayoutMethod } from '../../contracts/payout-method';
import { presentProgramBrand } from '../../contracts/program-brand';
import { presentTaxForm } from '../../contracts/tax-form';
import type { EmbedOptions } from '../../contracts/embed';
import type { AffiliateCtx } from '../../domain/context';
import { embedWords } from '../../domain/embed/strings';
import { linkKit } from '../../domain/links/link-kit';
import { listCodes } from '../../domain/codes/store';
import { findPayoutMethod } from '../../domain/payouts/methods';
import { listOwnPayouts } from '../../domain/payouts/list';
import { getOwnProfile } from '../../domain/portal/profile';
import { ownStats } from '../../domain/portal/stats';
import { programBrand } from '../../domain/settings/program-brand';
import { readSettings } from '../../domain/settings/settings';
import { currentTaxForm } from '../../domain/tax-forms/tax-forms';
import { notFound } from '../../errors/errors';
import { embedProcedure } from '../../trpc/procedures';
import { getReferralsInput, getReferralsOutput, type ReferralsRecord } from './get-referrals.types';

const RECENT_PAYOUTS = 20;

/**
 * The portal's reads (links, codes, totals, payouts, payout method, tax form), for the token's
 * affiliate, with the token's options applied: what is hidden is never read nor answered, so the
 * host page cannot find it in the frame either.
 */
export async function embedReferrals({ ctx, origin, options, portalUrl }: { ctx: AffiliateCtx; origin: string; options: EmbedOptions; portalUrl: string }): Promise<ReferralsRecord> {
  const affiliate = await getOwnProfile(ctx);
  const settings = await readSettings(ctx);
  const [brand, kit, codes, stats] = await Promise.all([
    programBrand({ ctx }),
    linkKit({ ctx, affiliate }),
    listCodes({ ctx, affiliateId: ctx.affiliateId, page: { limit: 100, offset: 0 } }),
    ownStats({ ...ctx, settings }),
  ]);
  if (!brand) throw notFound('program');
  const links = presentLinkKit(kit).data;
  const words = embedWords(options);
  return {
    origin,
    status: affiliate.status,
    program: (({ name, logo_url, brand_color }) => ({ name, logo_url, brand_color }))(presentProgramBrand(brand)),
    theme: options.theme,
    strings: words,
    ref_code: links.ref_code,
    links: [
      ...(links.default_url ? [{ url: links.default_url, label: words.your_link }] : []),
      ...links.links.flatMap((l) => (l.url ? [{ url: l.url, label: l.sub_id ?? l.destination_url ?? l.url }] : [])),
    ],
    codes: codes.map(presentAffiliateCode).filter((c) => c.status === 'active').map(({ code, status }) => ({ code, status })),
    counts: { clicks: stats.clicks, signups: stats.leads, sales: stats.sales },
    earnings: options.hide_earnings ? null : { credit: options.hide_payouts, by_currency: stats.commissions_by_currency },
    payouts: options.hide_payouts ? null : await payoutsOf(ctx, portalUrl),
  };
}

async function payoutsOf(ctx: AffiliateCtx, portalUrl: string): Promise<NonNullable<ReferralsRecord['payouts']>> {
  const [recent, method, taxForm] = await Promise.all([
    listOwnPayouts({ ctx, page: { limit: RECENT_PAYOUTS, offset: 0 } }),
    findPayoutMethod(ctx, ctx.affiliateId),
    currentTaxForm({ ctx, affiliateId: ctx.affiliateId }),
  ]);
  const m = presentPayoutMethod(ctx.affiliateId, method);
  return {
    recent: recent.map(presentPayout).map(({ id, amount, currency, status, created_at, paid_at }) => ({ id, amount, currency, status, created_at, paid_at })),
    method: { kind: m.kind, state: m.state, state_reason: m.state_reason },
    tax_form: taxForm ? (({ kind, signed_on }) => ({ kind, signed_on }))(presentTaxForm(taxForm)) : null,
    portal_url: portalUrl,
  };
}

export const getReferralsProcedure = embedProcedure
  .input(getReferralsInput)
  .output(getReferralsOutput)
  .query(async ({ ctx }) => ({
    object: 'embed_referrals' as const,
    data: await embedReferrals({ ctx, origin: ctx.origin, options: ctx.options, portalUrl: `${ctx.services.config.publicUrl}/portal` }),
  }));
