import { router } from '../trpc/init';
import { affiliatesRouter } from './affiliates/router';
import { affiliateRouter } from './affiliate-self/router';
import { linksRouter } from './links/router';
import { commissionRulesRouter } from './commission-rules/router';
import { rewardsRouter } from './rewards/router';
import { productsRouter } from './products/router';
import { groupsRouter } from './groups/router';
import { moveRulesRouter } from './move-rules/router';
import { settingsRouter } from './settings/router';
import { webhooksRouter } from './webhooks/router';
import { campaignsRouter } from './campaigns/router';
import { conversionsRouter } from './conversions/router';
import { commissionsRouter } from './commissions/router';
import { payoutsRouter } from './payouts/router';
import { riskRouter } from './risk/router';
import { teamRouter } from './team/router';
import { portalRouter } from './portal/router';
import { reportsRouter } from './reports/router';
import { auditEventsRouter } from './audit-events/router';
import { integrationsRouter } from './integrations/router';
import { joinRouter } from './join/router';
import { embedTokensRouter } from './embed-tokens/router';
import { embedRouter } from './embed/router';
import { emailTemplatesRouter } from './email-templates/router';
import { broadcastsRouter } from './broadcasts/router';
import { onboardingRouter } from './onboarding/router';
import { importsRouter } from './imports/router';
import { bountiesRouter } from './bounties/router';
import { bountySubmissionsRouter } from './bounty-submissions/router';

// Every endpoint group, one folder per /v1 path segment, named after it: /v1/campaigns/* is in
// campaigns/. Two exceptions, each named so it cannot be mistaken: /v1/affiliate/* (what an
// affiliate key reads of its own affiliate) is in affiliate-self/, beside affiliates/ (the
// workspace's affiliates), and /v1/campaigns/{id}/commission-rule is in commission-rules/. The
// /v1/track/* hot path is not tRPC: server/track/. The dashboard and /v1 both call this router.
// One group is not under /v1 at all: embed/, what the embedded referral page (/embed/referrals)
// reads with its token (docs/embedded-referrals.md).
export const appRouter = router({
  campaigns: campaignsRouter,
  affiliates: affiliatesRouter,
  affiliate: affiliateRouter,
  links: linksRouter,
  commissionRules: commissionRulesRouter,
  rewards: rewardsRouter,
  products: productsRouter,
  groups: groupsRouter,
  moveRules: moveRulesRouter,
  settings: settingsRouter,
  webhooks: webhooksRouter,
  conversions: conversionsRouter,
  commissions: commissionsRouter,
  payouts: payoutsRouter,
  risk: riskRouter,
  team: teamRouter,
  portal: portalRouter,
  reports: reportsRouter,
  auditEvents: auditEventsRouter,
  integrations: integrationsRouter,
  join: joinRouter,
  embedTokens: embedTokensRouter,
  embed: embedRouter,
  emailTemplates: emailTemplatesRouter,
  broadcasts: broadcastsRouter,
  onboarding: onboardingRouter,
  imports: importsRouter,
  bounties: bountiesRouter,
  bountySubmissions: bountySubmissionsRouter,
});

export type AppRouter = typeof appRouter;
