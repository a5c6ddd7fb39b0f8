import { z } from 'zod';
import { bountySubmissionRecord, PROOF_TEXT_MAX } from '../../contracts/bounty';
import { httpsUrl, one, recordId } from '../../contracts/common';

// Dashboard-only (portal): the signed-in affiliate sends proof for a submission bounty.
export const submitBountyProofInput = z.strictObject({
  bounty_id: recordId,
  proof_url: httpsUrl.optional(),
  proof_text: z.string().trim().max(PROOF_TEXT_MAX).optional(),
});
export const submitBountyProofOutput = one('bounty_submission', bountySubmissionRecord);
