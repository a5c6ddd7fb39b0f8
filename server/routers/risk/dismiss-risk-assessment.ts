// POST /v1/risk/assessments/{id}/dismiss: mark an assessment a false positive
import { dismissAssessment } from '../../domain/risk/assessments';
import { workspaceProcedure } from '../../trpc/procedures';
import { dismissRiskAssessmentInput, dismissRiskAssessmentMeta, dismissRiskAssessmentOutput } from './dismiss-risk-assessment.types';

export const dismissRiskAssessmentProcedure = workspaceProcedure('write')
  .meta(dismissRiskAssessmentMeta)
  .input(dismissRiskAssessmentInput)
  .output(dismissRiskAssessmentOutput)
  .mutation(async ({ ctx, input }) => ({
    object: 'risk_assessment' as const,
    data: await dismissAssessment({ ctx, id: input.id }),
  }));
