import { z } from 'zod';
import { bountySubmissionRecord } from '../../contracts/bounty';
import { recordId } from '../../contracts/common';
import { listOf, pageQuery } from '../../lib/pagination';
import { BOUNTY_SUBMISSION_STATUSES } from '../../model/enums';
import { operation } from '../../trpc/meta';

export const listBountySubmissionsMeta = operation({
  method: 'GET',
  path: '/bounties/{id}/submissions',
  summary: "A bounty's submissions, newest first",
  tags: ['Bounties'],
  errors: ['link_not_found'],
});

export const listBountySubmissionsInput = z.object({
  id: recordId,
  status: z.enum(BOUNTY_SUBMISSION_STATUSES).optional(),
  ...pageQuery(200, 50),
});
export const listBountySubmissionsOutput = listOf(bountySubmissionRecord);
