// POST /v1/risk/assessments: assess one affiliate now and record the result
import { assessAffiliate } from '../../domain/risk/assess';
import { workspaceProcedure } from '../../trpc/procedures';
import { createRiskAssessmentInput, createRiskAssessmentMeta, createRiskAssessmentOutput } from './create-risk-assessment.types';

export const createRiskAssessmentProcedure = workspaceProcedure('write')
  .meta(createRiskAssessmentMeta)
  .input(createRiskAssessmentInput)
  .output(createRiskAssessmentOutput)
  .mutation(async ({ ctx, input }) => ({
    object: 'risk_assessment' as const,
    data: await assessAffiliate({ ctx, affiliateId: input.affiliate_id, llm: ctx.services.config.riskLlm }),
  }));
