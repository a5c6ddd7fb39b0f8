import { z } from 'zod';
import { bountySubmissionRecord, REVIEW_NOTE_MAX } from '../../contracts/bounty';
import { one, recordId } from '../../contracts/common';
import { BOUNTY_REJECTION_REASONS } from '../../model/enums';
import { operation } from '../../trpc/meta';

export const reviewBountySubmissionMeta = operation({
  method: 'PATCH',
  path: '/bounty-submissions/{id}',
  summary: 'Approve or reject a bounty submission',
  description:
    "approved: the bounty's commission (kind bounty) is written in the same transaction; rejected: rejection_reason is required " +
    '(else rejection_reason_required) and nothing is earned; the affiliate may submit again. Only a pending submission can be reviewed ' +
    '(else 409 invalid_state), and an affiliate the bounty paid for that period already is 409 invalid_state too.',
  tags: ['Bounties'],
  errors: ['status_required', 'rejection_reason_required', 'link_not_found', 'invalid_state'],
});

export const reviewBountySubmissionInput = z.strictObject({
  id: recordId,
  status: z.enum(['approved', 'rejected']),
  rejection_reason: z.enum(BOUNTY_REJECTION_REASONS).optional().describe('rejected only'),
  review_note: z.string().trim().max(REVIEW_NOTE_MAX).optional().describe('rejected only: a word for the affiliate'),
});
export const reviewBountySubmissionOutput = one('bounty_submission', bountySubmissionRecord);
