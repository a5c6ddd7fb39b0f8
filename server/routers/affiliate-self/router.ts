import { router } from '../../trpc/init';
import { getMeProcedure } from './get-me';
import { getMyStatsProcedure } from './get-my-stats';
import { listMyClicksProcedure } from './list-my-clicks';
import { listMyCodesProcedure } from './list-my-codes';
import { listMyCommissionsProcedure } from './list-my-commissions';
import { listMyConversionsProcedure } from './list-my-conversions';
import { listMyLinksProcedure } from './list-my-links';
import { listMyPayoutsProcedure } from './list-my-payouts';
import { listMyBountiesProcedure } from './list-my-bounties';
import { listMyRecruitsProcedure } from './list-my-recruits';

// /v1/affiliate/*: read-only routes of refa_live_ keys, each filtered to the key's affiliate.
export const affiliateRouter = router({
  me: getMeProcedure,
  links: listMyLinksProcedure,
  codes: listMyCodesProcedure,
  clicks: listMyClicksProcedure,
  conversions: listMyConversionsProcedure,
  commissions: listMyCommissionsProcedure,
  payouts: listMyPayoutsProcedure,
  stats: getMyStatsProcedure,
  bounties: listMyBountiesProcedure,
  recruits: listMyRecruitsProcedure,
});
