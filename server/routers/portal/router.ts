import { router } from '../../trpc/init';
import { portalEarnings } from './portal-earnings';
import { portalCreateLink, portalLinkKit } from './portal-link-kit';
import { portalProgram } from './portal-program';
import { portalClicks, portalCommissions, portalConversions, portalLinks, portalMe, portalPayouts, portalStats } from './portal-reads';
import { portalAcceptInvite, portalCreateKey, portalKeys, portalRevokeKey, portalSetPayoutEmail } from './portal-writes';
import { portalRequestSignInLink } from './request-sign-in-link';

// The affiliate portal (/portal): session-authenticated, dashboard-only (not part of /v1).
export const portalRouter = router({
  me: portalMe,
  program: portalProgram,
  stats: portalStats,
  earnings: portalEarnings,
  links: portalLinks,
  linkKit: portalLinkKit,
  createLink: portalCreateLink,
  clicks: portalClicks,
  conversions: portalConversions,
  commissions: portalCommissions,
  payouts: portalPayouts,
  setPayoutEmail: portalSetPayoutEmail,
  keys: portalKeys,
  createKey: portalCreateKey,
  revokeKey: portalRevokeKey,
  acceptInvite: portalAcceptInvite,
  requestSignInLink: portalRequestSignInLink,
});
