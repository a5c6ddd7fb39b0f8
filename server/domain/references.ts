import { affiliates, campaigns, groups } from '@/db/schema';
import { unknownReference } from '../errors/errors';
import type { WorkspaceCtx } from './context';
import { loadRecord } from './records';

// Records named in a body or query: missing, malformed or another workspace's all answer
// unknown_resource, so ids of other tenants cannot be probed.

export const referencedAffiliate = (ctx: WorkspaceCtx, id: string) => loadRecord(ctx, affiliates, id, () => unknownReference('affiliate_id'));

export const referencedCampaign = (ctx: WorkspaceCtx, id: string) => loadRecord(ctx, campaigns, id, () => unknownReference('campaign_id'));

export const referencedRecruiter = (ctx: WorkspaceCtx, id: string) => loadRecord(ctx, affiliates, id, () => unknownReference('recruited_by'));

export const referencedGroup = (ctx: WorkspaceCtx, id: string) => loadRecord(ctx, groups, id, () => unknownReference('group_id'));
