import { router } from '../../trpc/init';
import { acceptInviteProcedure } from './accept-invite';
import {
  getMeProcedure,
  getMyStatsProcedure,
  listMyClicksProcedure,
  listMyCodesProcedure,
  listMyCommissionsProcedure,
  listMyConversionsProcedure,
  listMyLinksProcedure,
  listMyPayoutsProcedure,
  listMyBountiesProcedure,
  listMyRecruitsProcedure,
} from './affiliate-reads';
import { submitBountyProofProcedure } from './submit-bounty-proof';
import { chooseCodeProcedure } from './choose-code';
import { choosePayoutMethodProcedure } from './choose-payout-method';
import { confirmPaypalProcedure } from './confirm-paypal';
import { createKeyProcedure } from './create-key';
import { createLinkProcedure } from './create-link';
import { getEarningsProcedure } from './get-earnings';
import { getLinkKitProcedure } from './get-link-kit';
import { getPayoutMethodProcedure } from './get-payout-method';
import { getProgramProcedure } from './get-program';
import { getTaxFormProcedure } from './get-tax-form';
import { listKeysProcedure } from './list-keys';
import { requestSignInLinkProcedure } from './request-sign-in-link';
import { revokeKeyProcedure } from './revoke-key';
import { setPayoutEmailProcedure } from './set-payout-email';
import { submitTaxFormProcedure } from './submit-tax-form';
import { startStripeOnboardingProcedure } from './start-stripe-onboarding';

// The affiliate portal (/portal): session-authenticated, dashboard-only (not part of /v1). Its
// reads of the affiliate's own data are /v1/affiliate/*'s (affiliate-reads.ts).
export const portalRouter = router({
  me: getMeProcedure,
  program: getProgramProcedure,
  stats: getMyStatsProcedure,
  earnings: getEarningsProcedure,
  links: listMyLinksProcedure,
  linkKit: getLinkKitProcedure,
  createLink: createLinkProcedure,
  codes: listMyCodesProcedure,
  chooseCode: chooseCodeProcedure,
  clicks: listMyClicksProcedure,
  conversions: listMyConversionsProcedure,
  commissions: listMyCommissionsProcedure,
  payouts: listMyPayoutsProcedure,
  recruits: listMyRecruitsProcedure,
  setPayoutEmail: setPayoutEmailProcedure,
  taxForm: getTaxFormProcedure,
  submitTaxForm: submitTaxFormProcedure,
  payoutMethod: getPayoutMethodProcedure,
  choosePayoutMethod: choosePayoutMethodProcedure,
  confirmPaypal: confirmPaypalProcedure,
  startStripeOnboarding: startStripeOnboardingProcedure,
  keys: listKeysProcedure,
  createKey: createKeyProcedure,
  revokeKey: revokeKeyProcedure,
  acceptInvite: acceptInviteProcedure,
  requestSignInLink: requestSignInLinkProcedure,
  bounties: listMyBountiesProcedure,
  submitBountyProof: submitBountyProofProcedure,
});
