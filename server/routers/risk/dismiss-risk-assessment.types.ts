import { z } from 'zod';
import { one, recordId } from '../../contracts/common';
import { riskAssessmentRecord } from '../../contracts/risk';
import { operation } from '../../trpc/meta';

export const dismissRiskAssessmentMeta = operation({
  method: 'POST',
  path: '/risk/assessments/{id}/dismiss',
  summary: 'Dismiss an assessment as a false positive',
  description: 'Sets dismissed_at (kept from the first dismissal when repeated); the affiliate drops out of GET /risk/flags until a newer assessment.',
  tags: ['Risk'],
  errors: ['link_not_found'],
});

export const dismissRiskAssessmentInput = z.strictObject({ id: recordId });
export const dismissRiskAssessmentOutput = one('risk_assessment', riskAssessmentRecord);
