import { z } from 'zod';
import { one, recordId } from '../../contracts/common';
import { riskAssessmentRecord } from '../../contracts/risk';
import { operation } from '../../trpc/meta';

export const createRiskAssessmentMeta = operation({
  method: 'POST',
  path: '/risk/assessments',
  summary: 'Assess an affiliate now',
  description: 'Measures the signals over the last 30 days, scores them and records the assessment (history is kept). A high or critical result emits risk.flagged.',
  tags: ['Risk'],
  successStatus: 201,
  errors: ['affiliate_id_required', 'unknown_resource'],
});

export const createRiskAssessmentInput = z.strictObject({ affiliate_id: recordId.describe('an affiliate of this workspace (uuid)') });
export const createRiskAssessmentOutput = one('risk_assessment', riskAssessmentRecord);
