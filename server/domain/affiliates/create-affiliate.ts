import type { Tx } from '@/db/client';
import { presentAffiliate } from '../../contracts/affiliate';
import { invalid, required } from '../../errors/errors';
import { addAuditEntry } from '../audit/audit-entries';
import type { ActingCtx } from '../context';
import { emitEvent } from '../events/emit-event';
import type { Affiliate, AffiliateStatus } from './affiliates';
import { ensureGeneratedCode } from '../codes/lifecycle';
import { campaignForNewAffiliate } from './campaign-ref';
import { initialStatus } from './initial-status';
import { insertAffiliate, type FindDuplicate, type InsertResult } from './insert-affiliate';
import { deriveRefCode } from './ref-codes';
import { referencedGroup } from '../references';

export type NewAffiliate = {
  email?: string;
  name?: string;
  refCode?: string;
  campaignId?: string;
  /** Its partner group; absent: the default group (docs/groups-bounties-recruiters.md#groups). */
  groupId?: string;
  payoutEmail?: string | null;
  status?: AffiliateStatus;
  /** The merchant's own id for the user (embed tokens, docs/embedded-referrals.md). */
  tenantId?: string;
};

/** Creates an affiliate without an invitation (nothing is e-mailed): e.g. one the workspace signs up itself. */
export async function createAffiliate({ ctx, input }: { ctx: ActingCtx; input: NewAffiliate }): Promise<{ row: Affiliate; refCodeChanged: boolean }> {
  // Without either there is nothing to name the affiliate by or derive a ref code from.
  if (!input.email && !input.name) throw required('email');
  return ctx.db.transaction(async (tx) => {
    const result = await addAffiliate(tx, ctx, input);
    if (result.kind === 'existing') throw invalid('email', 'an affiliate with this e-mail already exists (invite returns it)');
    return { row: result.row, refCodeChanged: result.refCodeChanged };
  });
}

/**
 * The rule every new affiliate follows, inside the caller's transaction: its campaign (the one
 * asked for, else the default), its status (the workspace's auto-approval unless asked), a free
 * ref code, the affiliate.created event, the audit row and its generated code. An insert that
 * meets an existing affiliate (`findDuplicate`, by default the same e-mail) returns it untouched.
 * POST /v1/affiliates and POST /v1/embed-tokens (domain/embed/issue-token.ts) both create here.
 */
export async function addAffiliate(tx: Tx, ctx: ActingCtx, input: NewAffiliate, findDuplicate?: FindDuplicate): Promise<InsertResult> {
  const txCtx = { db: tx, workspaceId: ctx.workspaceId };
  const campaignId = await campaignForNewAffiliate({ ctx: txCtx, campaignId: input.campaignId });
  const groupId = input.groupId === undefined ? undefined : (await referencedGroup(txCtx, input.groupId)).id;
  const result = await insertAffiliate(
    tx,
    ctx.workspaceId,
    {
      email: input.email ?? null,
      name: input.name ?? null,
      payoutEmail: input.payoutEmail ?? null,
      campaignId,
      ...(groupId && { groupId }),
      tenantId: input.tenantId ?? null,
      ...(await initialStatus(txCtx, input.status)),
    },
    input.refCode ?? deriveRefCode(input),
    findDuplicate,
  );
  if (result.kind === 'existing') return result;
  const record = presentAffiliate(result.row);
  await emitEvent({ ctx: { ...ctx, db: tx }, type: 'affiliate.created', object: 'affiliate', record });
  // The tenant id is not part of the record; the audit row keeps it, so the log says who it was made for.
  const after = result.row.tenantId === null ? record : { ...record, tenant_id: result.row.tenantId };
  await addAuditEntry(tx, ctx, 'affiliate.created', { type: 'affiliate', id: result.row.id }, { after });
  await ensureGeneratedCode(tx, ctx, result.row);
  return result;
}
