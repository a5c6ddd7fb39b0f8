import { router } from '../../trpc/init';
import { createRiskAssessmentProcedure } from './create-risk-assessment';
import { dismissRiskAssessmentProcedure } from './dismiss-risk-assessment';
import { listRiskFlagsProcedure } from './list-risk-flags';

export const riskRouter = router({
  flags: listRiskFlagsProcedure,
  assess: createRiskAssessmentProcedure,
  dismiss: dismissRiskAssessmentProcedure,
});
