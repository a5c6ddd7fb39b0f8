import { router } from '../../trpc/init';
import { getReferralsProcedure } from './get-referrals';

// The embedded referral page (/embed/referrals): authenticated only by its embed token
// (embedProcedure), read-only, and not part of /v1 (no openapi meta).
export const embedRouter = router({
  referrals: getReferralsProcedure,
});
