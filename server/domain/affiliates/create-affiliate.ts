import { presentAffiliate } from '../../contracts/affiliate';
import { invalid, required } from '../../errors/errors';
import { addAuditEntry } from '../audit/audit-entries';
import type { ActingCtx } from '../context';
import { emitEvent } from '../events/emit-event';
import type { Affiliate, AffiliateStatus } from './affiliates';
import { ensureGeneratedCode } from '../codes/lifecycle';
import { campaignForNewAffiliate } from './campaign-ref';
import { initialStatus } from './initial-status';
import { insertAffiliate } from './insert-affiliate';
import { deriveRefCode } from './ref-codes';

export type NewAffiliate = {
  email?: string;
  name?: string;
  refCode?: string;
  campaignId?: string;
  payoutEmail?: string | null;
  status?: AffiliateStatus;
};

/** Creates an affiliate without an invitation (nothing is e-mailed): e.g. one the workspace signs up itself. */
export async function createAffiliate({ ctx, input }: { ctx: ActingCtx; input: NewAffiliate }): Promise<{ row: Affiliate; refCodeChanged: boolean }> {
  // Without either there is nothing to name the affiliate by or derive a ref code from.
  if (!input.email && !input.name) throw required('email');
  return ctx.db.transaction(async (tx) => {
    const txCtx = { db: tx, workspaceId: ctx.workspaceId };
    const campaignId = await campaignForNewAffiliate({ ctx: txCtx, campaignId: input.campaignId });
    const result = await insertAffiliate(
      tx,
      ctx.workspaceId,
      {
        email: input.email ?? null,
        name: input.name ?? null,
        payoutEmail: input.payoutEmail ?? null,
        campaignId,
        ...(await initialStatus(txCtx, input.status)),
      },
      input.refCode ?? deriveRefCode(input),
    );
    if (result.kind === 'existing') throw invalid('email', 'an affiliate with this e-mail already exists (invite returns it)');
    await emitEvent({ ctx: { ...ctx, db: tx }, type: 'affiliate.created', object: 'affiliate', record: presentAffiliate(result.row) });
    await addAuditEntry(tx, ctx, 'affiliate.created', { type: 'affiliate', id: result.row.id }, { after: presentAffiliate(result.row) });
    await ensureGeneratedCode(tx, ctx, result.row);
    return { row: result.row, refCodeChanged: result.refCodeChanged };
  });
}
