import { z } from 'zod';
import { referenceId } from '../../contracts/common';
import { broadcastBody, emailSubject, emailText } from '../../contracts/email';
import { MAX_BROADCAST_RECIPIENTS } from '../../domain/mail/limits';
import { operation } from '../../trpc/meta';

export const createBroadcastMeta = operation({
  method: 'POST',
  path: '/broadcasts',
  summary: 'E-mail every active affiliate, or a campaign’s',
  description: `Queues one e-mail a recipient (sent in batches with retries, each with a one-click unsubscribe); unsubscribed affiliates are left out. subject and text may use {{affiliate.name}}, {{affiliate.email}}, {{affiliate.ref_code}}, {{program.name}} and {{portal_url}}; an unknown variable is 400 invalid_request. campaign_id of no campaign of this workspace is 404 unknown_resource; more than ${MAX_BROADCAST_RECIPIENTS} recipients is 409 invalid_state.`,
  tags: ['Emails'],
  successStatus: 201,
  errors: ['subject_required', 'text_required', 'unknown_resource', 'invalid_state'],
});

export const createBroadcastInput = z.strictObject({
  subject: emailSubject,
  text: emailText,
  campaign_id: referenceId.nullable().optional().describe('only this campaign’s active affiliates; absent or null: every active affiliate'),
});
export const createBroadcastOutput = broadcastBody;
