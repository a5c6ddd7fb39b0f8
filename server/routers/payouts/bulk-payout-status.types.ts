import { z } from 'zod';
import { uuid } from '../../contracts/common';
import { payoutOutcome, workspacePayoutRecord, payoutReference } from '../../contracts/payout';
import { listOf } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const MAX_BULK_PAYOUTS = 100;

export const bulkPayoutStatusMeta = operation({
  method: 'POST',
  path: '/payouts/bulk-status',
  summary: 'Mark many pending payouts paid, failed or canceled at once (all or none)',
  description:
    'Up to 100 ids, one status and an optional reference (kept on each payout), in one transaction. Any id outside the workspace answers 404 unknown_resource, any payout that is not pending 409 invalid_state; then nothing changes. Each payout moves as with POST /v1/payouts/{id}/status.',
  tags: ['Payouts'],
  errors: ['ids_required', 'status_required', 'unknown_resource', 'invalid_state'],
});

export const bulkPayoutStatusInput = z.strictObject({
  ids: z.array(uuid).min(1).max(MAX_BULK_PAYOUTS),
  status: payoutOutcome,
  reference: payoutReference.optional(),
});

export const bulkPayoutStatusOutput = listOf(workspacePayoutRecord);
