import type { WorkspaceCtx } from '../context';
import { readSettings } from '../settings/settings';
import type { Affiliate, AffiliateStatus } from './affiliates';

/** Status and approval time of a new affiliate: active at once only when the workspace auto-approves. */
export async function initialStatus(
  ctx: WorkspaceCtx,
  asked?: AffiliateStatus,
): Promise<Pick<Affiliate, 'status' | 'approvedAt'>> {
  let status = asked;
  if (!status) {
    status = (await readSettings(ctx)).autoApproveAffiliates ? 'active' : 'pending';
  }
  return { status, approvedAt: status === 'active' ? new Date() : null };
}
