// portal: the signed-in affiliate's profile, totals, links, clicks, conversions, commissions, payouts
import { presentAffiliateClick, presentAffiliateProfile } from '../../contracts/affiliate-view';
import { presentCommission } from '../../contracts/commission';
import { presentConversion } from '../../contracts/conversion';
import { presentLink } from '../../contracts/link';
import { presentPayout } from '../../contracts/payout';
import { listOwnClicks, listOwnCommissions, listOwnConversions, listOwnLinks } from '../../domain/portal/activity';
import { listOwnPayouts } from '../../domain/portal/payouts';
import { getOwnProfile } from '../../domain/portal/profile';
import { ownStats } from '../../domain/portal/stats';
import { listPage } from '../../lib/pagination';
import { getMeInput, getMeOutput } from '../affiliate/get-me.types';
import { getMyStatsInput, getMyStatsOutput } from '../affiliate/get-my-stats.types';
import { listMyClicksInput, listMyClicksOutput } from '../affiliate/list-my-clicks.types';
import { listMyCommissionsInput, listMyCommissionsOutput } from '../affiliate/list-my-commissions.types';
import { listMyConversionsInput, listMyConversionsOutput } from '../affiliate/list-my-conversions.types';
import { listMyLinksInput, listMyLinksOutput } from '../affiliate/list-my-links.types';
import { listMyPayoutsInput, listMyPayoutsOutput } from '../affiliate/list-my-payouts.types';
import { portalProcedure } from '../../trpc/procedures';

// The same domain reads and contracts as /v1/affiliate/*, reached with the portal session
// instead of a refa_live_ key.
export const portalMe = portalProcedure
  .input(getMeInput)
  .output(getMeOutput)
  .query(async ({ ctx }) => ({ object: 'affiliate' as const, data: presentAffiliateProfile(await getOwnProfile(ctx)) }));

export const portalStats = portalProcedure
  .input(getMyStatsInput)
  .output(getMyStatsOutput)
  .query(async ({ ctx }) => ({ object: 'affiliate_stats' as const, data: await ownStats(ctx) }));

export const portalLinks = portalProcedure
  .input(listMyLinksInput)
  .output(listMyLinksOutput)
  .query(({ ctx, input }) => listPage('links', input, (limit, offset) => listOwnLinks({ ctx, page: { limit, offset } }), presentLink));

export const portalClicks = portalProcedure
  .input(listMyClicksInput)
  .output(listMyClicksOutput)
  .query(({ ctx, input }) => listPage('clicks', input, (limit, offset) => listOwnClicks({ ctx, page: { limit, offset } }), presentAffiliateClick));

export const portalConversions = portalProcedure
  .input(listMyConversionsInput)
  .output(listMyConversionsOutput)
  .query(({ ctx, input }) =>
    listPage('conversions', input, (limit, offset) => listOwnConversions({ ctx, page: { limit, offset } }), presentConversion),
  );

export const portalCommissions = portalProcedure
  .input(listMyCommissionsInput)
  .output(listMyCommissionsOutput)
  .query(({ ctx, input }) =>
    listPage('commissions', input, (limit, offset) => listOwnCommissions({ ctx, page: { limit, offset } }), presentCommission),
  );

export const portalPayouts = portalProcedure
  .input(listMyPayoutsInput)
  .output(listMyPayoutsOutput)
  .query(({ ctx, input }) => listPage('payouts', input, (limit, offset) => listOwnPayouts({ ctx, page: { limit, offset } }), presentPayout));
