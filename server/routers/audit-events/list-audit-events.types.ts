import { z } from 'zod';
import { AUDIT_ACTOR_TYPES, auditEventRecord } from '../../contracts/audit-event';
import { tsBound } from '../../contracts/conversion';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listAuditEventsMeta = operation({
  method: 'GET',
  path: '/audit-events',
  summary: 'Who changed what: the workspace’s audit log, newest first',
  description:
    'Beyond the spec. Every management write (affiliates, campaigns, rules, rewards, products and policy, links, commission review, conversion changes and refunds, payouts, webhooks, settings, keys, team) and the jobs that move money (hold-period confirmation) leave one event, written in the same transaction as the change. Tracking calls (/v1/track/*, the browser collector, referral redirects) are not audited: their rows are their own ledger.',
  tags: ['Audit'],
  errors: [],
});

const key = z.string().trim().min(1).max(64);

export const listAuditEventsInput = z.object({
  actor_type: z.enum(AUDIT_ACTOR_TYPES).optional(),
  actor_id: key.optional().describe('a user, key or affiliate id, or a system job name'),
  action: key.optional().describe('e.g. campaign.updated'),
  target_type: key.optional().describe('e.g. campaign, affiliate, workspace_key'),
  target_id: key.optional().describe('the changed record’s id: its history'),
  from: tsBound.optional().describe('created at or after this instant'),
  to: tsBound.optional().describe('created before this instant'),
  ...pageQuery(200, 50),
});

export const listAuditEventsOutput = listOf(auditEventRecord);
