import { router } from '../../trpc/init';
import { acceptInviteProcedure } from './accept-invite';
import { createKeyProcedure } from './create-key';
import { createLinkProcedure } from './create-link';
import { getEarningsProcedure } from './get-earnings';
import { getLinkKitProcedure } from './get-link-kit';
import { getProgramProcedure } from './get-program';
import { listKeysProcedure } from './list-keys';
import { portalClicks, portalCommissions, portalConversions, portalLinks, portalMe, portalPayouts, portalStats } from './portal-reads';
import { requestSignInLinkProcedure } from './request-sign-in-link';
import { revokeKeyProcedure } from './revoke-key';
import { setPayoutEmailProcedure } from './set-payout-email';

// The affiliate portal (/portal): session-authenticated, dashboard-only (not part of /v1).
export const portalRouter = router({
  me: portalMe,
  program: getProgramProcedure,
  stats: portalStats,
  earnings: getEarningsProcedure,
  links: portalLinks,
  linkKit: getLinkKitProcedure,
  createLink: createLinkProcedure,
  clicks: portalClicks,
  conversions: portalConversions,
  commissions: portalCommissions,
  payouts: portalPayouts,
  setPayoutEmail: setPayoutEmailProcedure,
  keys: listKeysProcedure,
  createKey: createKeyProcedure,
  revokeKey: revokeKeyProcedure,
  acceptInvite: acceptInviteProcedure,
  requestSignInLink: requestSignInLinkProcedure,
});
