// portal: the signed-in affiliate's profile, totals, links, codes, clicks, conversions, commissions, payouts.
// These are the /v1/affiliate/* reads (routers/affiliate-self/), each with its contract and its read,
// reached with the portal session instead of a refa_live_ key (and on the primary, not the replica).
import { portalProcedure } from '../../trpc/procedures';
import { getMe } from '../affiliate-self/get-me';
import { getMeInput, getMeOutput } from '../affiliate-self/get-me.types';
import { getMyStats } from '../affiliate-self/get-my-stats';
import { getMyStatsInput, getMyStatsOutput } from '../affiliate-self/get-my-stats.types';
import { listMyClicks } from '../affiliate-self/list-my-clicks';
import { listMyCodes } from '../affiliate-self/list-my-codes';
import { listMyCodesInput, listMyCodesOutput } from '../affiliate-self/list-my-codes.types';
import { listMyClicksInput, listMyClicksOutput } from '../affiliate-self/list-my-clicks.types';
import { listMyCommissions } from '../affiliate-self/list-my-commissions';
import { listMyCommissionsInput, listMyCommissionsOutput } from '../affiliate-self/list-my-commissions.types';
import { listMyConversions } from '../affiliate-self/list-my-conversions';
import { listMyConversionsInput, listMyConversionsOutput } from '../affiliate-self/list-my-conversions.types';
import { listMyLinks } from '../affiliate-self/list-my-links';
import { listMyLinksInput, listMyLinksOutput } from '../affiliate-self/list-my-links.types';
import { listMyPayouts } from '../affiliate-self/list-my-payouts';
import { listMyPayoutsInput, listMyPayoutsOutput } from '../affiliate-self/list-my-payouts.types';
import { listMyBounties } from '../affiliate-self/list-my-bounties';
import { listMyBountiesInput, listMyBountiesOutput } from '../affiliate-self/list-my-bounties.types';
import { listMyRecruits } from '../affiliate-self/list-my-recruits';
import { listMyRecruitsInput, listMyRecruitsOutput } from '../affiliate-self/list-my-recruits.types';

export const getMeProcedure = portalProcedure.input(getMeInput).output(getMeOutput).query(getMe);
export const getMyStatsProcedure = portalProcedure.input(getMyStatsInput).output(getMyStatsOutput).query(getMyStats);
export const listMyLinksProcedure = portalProcedure.input(listMyLinksInput).output(listMyLinksOutput).query(listMyLinks);
export const listMyCodesProcedure = portalProcedure.input(listMyCodesInput).output(listMyCodesOutput).query(listMyCodes);
export const listMyClicksProcedure = portalProcedure.input(listMyClicksInput).output(listMyClicksOutput).query(listMyClicks);
export const listMyConversionsProcedure = portalProcedure
  .input(listMyConversionsInput)
  .output(listMyConversionsOutput)
  .query(listMyConversions);
export const listMyCommissionsProcedure = portalProcedure
  .input(listMyCommissionsInput)
  .output(listMyCommissionsOutput)
  .query(listMyCommissions);
export const listMyPayoutsProcedure = portalProcedure.input(listMyPayoutsInput).output(listMyPayoutsOutput).query(listMyPayouts);
export const listMyBountiesProcedure = portalProcedure.input(listMyBountiesInput).output(listMyBountiesOutput).query(listMyBounties);
export const listMyRecruitsProcedure = portalProcedure.input(listMyRecruitsInput).output(listMyRecruitsOutput).query(listMyRecruits);
