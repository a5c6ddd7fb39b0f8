import { z } from 'zod';
import { queryBool, recordId } from '../../contracts/common';
import { riskAssessmentRecord, riskLevel } from '../../contracts/risk';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listRiskFlagsMeta = operation({
  method: 'GET',
  path: '/risk/flags',
  summary: "Each affiliate's newest risk assessment, newest first, with the affiliate embedded",
  description: 'Dismissed assessments are left out unless include_dismissed=true. The engine only records assessments: it never changes an affiliate.',
  tags: ['Risk'],
  errors: ['unknown_resource'],
});

export const listRiskFlagsInput = z.object({
  risk_level: riskLevel.optional(),
  affiliate_id: recordId.optional().describe('an affiliate of this workspace (uuid)'),
  include_dismissed: queryBool.optional().describe('also list assessments a manager dismissed (default false)'),
  ...pageQuery(100, 50),
});
export const listRiskFlagsOutput = listOf(riskAssessmentRecord);
