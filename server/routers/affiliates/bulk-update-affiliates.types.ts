import { z } from 'zod';
import { affiliateRecord } from '../../contracts/affiliate';
import { referenceId, uuid } from '../../contracts/common';
import { BULK_ACTIONS } from '../../domain/affiliates/bulk-update';
import { listOf } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const bulkUpdateAffiliatesMeta = operation({
  method: 'POST',
  path: '/affiliates/bulk',
  summary: 'Approve, reject, suspend, or move to a campaign or a partner group up to 100 affiliates at once (all or none)',
  description:
    'Each affiliate changes as PATCH /v1/affiliates/{id} would change it (affiliate.updated, audit). A move_group also emits affiliate.group_changed. Any id outside the workspace, or an unknown campaign_id or group_id, answers 404 unknown_resource; then nothing changes.',
  tags: ['Affiliates'],
  errors: ['ids_required', 'action_required', 'campaign_id_required', 'group_id_required', 'unknown_resource'],
});

export const bulkUpdateAffiliatesInput = z.strictObject({
  ids: z.array(uuid).min(1).max(100),
  action: z.enum(BULK_ACTIONS).describe('approve sets active, reject rejected, suspend suspended; move sets campaign_id; move_group sets group_id'),
  campaign_id: referenceId.optional().describe('the campaign to move to: required by move'),
  group_id: referenceId.optional().describe('the partner group to move to: required by move_group'),
});

export const bulkUpdateAffiliatesOutput = listOf(affiliateRecord);
