import { router } from '../../trpc/init';
import { portalClicks, portalCommissions, portalConversions, portalLinks, portalMe, portalPayouts, portalStats } from './portal-reads';
import { portalAcceptInvite, portalCreateKey, portalKeys, portalRevokeKey, portalSetPayoutEmail } from './portal-writes';

// The affiliate portal (/portal): session-authenticated, dashboard-only (not part of /v1).
export const portalRouter = router({
  me: portalMe,
  stats: portalStats,
  links: portalLinks,
  clicks: portalClicks,
  conversions: portalConversions,
  commissions: portalCommissions,
  payouts: portalPayouts,
  setPayoutEmail: portalSetPayoutEmail,
  keys: portalKeys,
  createKey: portalCreateKey,
  revokeKey: portalRevokeKey,
  acceptInvite: portalAcceptInvite,
});
