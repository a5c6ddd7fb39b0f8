import { router } from '../../trpc/init';
import { getChecklistProcedure } from './get-checklist';
import { sendTestSaleProcedure } from './send-test-sale';

// The overview's onboarding checklist: dashboard-only (not part of /v1).
export const onboardingRouter = router({
  checklist: getChecklistProcedure,
  sendTestSale: sendTestSaleProcedure,
});
