import type { WorkspaceCtx } from '../context';
import { readSettings } from '../settings/settings';
import type { Affiliate, AffiliateStatus } from './affiliates';

/**
 * Status and approval time of a new affiliate: active at once only when its group auto-approves,
 * or, where the group says nothing (null, or no group given), the workspace does
 * (docs/groups-bounties-recruiters.md#join-page-and-auto-approval).
 */
export async function initialStatus(
  ctx: WorkspaceCtx,
  asked?: AffiliateStatus,
  groupAutoApprove: boolean | null = null,
): Promise<Pick<Affiliate, 'status' | 'approvedAt'>> {
  let status = asked;
  if (!status) {
    const auto = groupAutoApprove ?? (await readSettings(ctx)).autoApproveAffiliates;
    status = auto ? 'active' : 'pending';
  }
  return { status, approvedAt: status === 'active' ? new Date() : null };
}
