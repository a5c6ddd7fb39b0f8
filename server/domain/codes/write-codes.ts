import { affiliateCodes, affiliates } from '@/db/schema';
import type { Tx } from '@/db/client';
import { and, eq } from 'drizzle-orm';
import { presentAffiliateCode } from '../../contracts/affiliate-code';
import { invalid, invalidState, notFound } from '../../errors/errors';
import type { Affiliate } from '../affiliates/affiliates';
import { addAuditEntry } from '../audit/audit-entries';
import type { ActingCtx } from '../context';
import { loadRecord, wellFormedId } from '../records';
import { checkCodeText, codeKey, MAX_ACTIVE_CODES, MAX_AFFILIATE_MADE_CODES } from './codes';
import { activeCodeCount, codesMadeBy, findCode, insertCode, insertGeneratedCode, type AffiliateCode, type CodeSource } from './store';

// The writes of affiliate codes (docs/codes.md). Each runs in one transaction with its audit rows;
// every change sets sync_state 'pending' for the provider sync to follow. No webhook event: the
// spec's event types have none for codes.

/**
 * Locks the affiliate for the rest of the transaction, first of all rows: its status and the count
 * of its codes are then read consistently with any other code write for it and with a status
 * change (updateAffiliate locks the same row first too, so the two never wait on each other in a cycle).
 */
const lockAffiliate = (tx: Tx, ctx: ActingCtx, affiliateId: string): Promise<Affiliate> =>
  loadRecord({ db: tx, workspaceId: ctx.workspaceId }, affiliates, affiliateId, () => notFound('affiliate'), { lock: true });

/** Codes live only while their affiliate is active (docs/codes.md#lifecycle). */
function requireActive(affiliate: Affiliate) {
  if (affiliate.status !== 'active') throw invalidState(`codes are made for active affiliates; this one is ${affiliate.status}`);
}

/** Refuses a new code past the caps of docs/codes.md#rules. */
async function checkRoom(tx: Tx, ctx: ActingCtx, affiliateId: string, source: CodeSource) {
  if ((await activeCodeCount(tx, ctx, affiliateId)) >= MAX_ACTIVE_CODES) {
    throw invalidState(`an affiliate holds at most ${MAX_ACTIVE_CODES} active codes: deactivate one first`);
  }
  if (source === 'affiliate' && (await codesMadeBy(tx, ctx, affiliateId, 'affiliate')) >= MAX_AFFILIATE_MADE_CODES) {
    throw invalidState(`an affiliate chooses at most ${MAX_AFFILIATE_MADE_CODES} codes itself; ask the program's manager`);
  }
}

/**
 * A new active code for the affiliate: `code` as given (checked by codes.ts, then taken or not), or,
 * without one, generated from its ref code. `source` says who chose it.
 */
export async function createCode({
  ctx,
  affiliateId,
  code,
  source,
}: {
  ctx: ActingCtx;
  affiliateId: string;
  code?: string;
  source: Exclude<CodeSource, 'generated' | 'linked'>;
}): Promise<AffiliateCode> {
  wellFormedId(affiliateId, () => notFound('affiliate'));
  const text = code === undefined ? undefined : checkCodeText(code);
  return ctx.db.transaction(async (tx) => {
    const affiliate = await lockAffiliate(tx, ctx, affiliateId);
    requireActive(affiliate);
    await checkRoom(tx, ctx, affiliateId, text === undefined ? 'generated' : source);
    return text === undefined ? insertGeneratedCode(tx, ctx, affiliate) : insertCode(tx, ctx, affiliateId, text, source);
  });
}

async function markInactive(tx: Tx, ctx: ActingCtx, code: AffiliateCode, reason: NonNullable<AffiliateCode['deactivatedReason']>) {
  const [row] = await tx
    .update(affiliateCodes)
    .set({ status: 'inactive', deactivatedAt: new Date(), deactivatedReason: reason, syncState: 'pending', syncError: null })
    .where(and(eq(affiliateCodes.workspaceId, ctx.workspaceId), eq(affiliateCodes.id, code.id)))
    .returning();
  const before = presentAffiliateCode(code);
  const after = presentAffiliateCode(row);
  await addAuditEntry(tx, ctx, 'affiliate_code.deactivated', { type: 'affiliate_code', id: row.id }, {
    before: { status: before.status, sync_state: before.sync_state },
    after: { status: after.status, deactivated_at: after.deactivated_at, deactivated_reason: after.deactivated_reason, sync_state: after.sync_state },
  });
  return row;
}

/**
 * Deactivates one of the affiliate's codes. The row stays (its text is never handed out again)
 * and the providers disable, never delete, their copy. Deactivating an inactive code changes
 * nothing and answers it as it is.
 */
export async function deactivateCode({ ctx, affiliateId, codeId }: { ctx: ActingCtx; affiliateId: string; codeId: string }): Promise<AffiliateCode> {
  wellFormedId(affiliateId, () => notFound('affiliate'));
  wellFormedId(codeId, () => notFound('code'));
  return ctx.db.transaction(async (tx) => {
    const code = await findCode(tx, ctx, affiliateId, codeId, { lock: true });
    if (!code) throw notFound('code');
    return code.status === 'inactive' ? code : markInactive(tx, ctx, code, 'deactivated');
  });
}

/**
 * Renames an active code: the old one is deactivated (reason renamed) and the new one made, in one
 * transaction, so a taken or refused new text leaves the old code active.
 */
export async function renameCode({
  ctx,
  affiliateId,
  codeId,
  code,
  source,
}: {
  ctx: ActingCtx;
  affiliateId: string;
  codeId: string;
  code: string;
  source: Exclude<CodeSource, 'generated' | 'linked'>;
}): Promise<{ previous: AffiliateCode; code: AffiliateCode }> {
  wellFormedId(affiliateId, () => notFound('affiliate'));
  wellFormedId(codeId, () => notFound('code'));
  const text = checkCodeText(code);
  return ctx.db.transaction(async (tx) => {
    const affiliate = await lockAffiliate(tx, ctx, affiliateId);
    const old = await findCode(tx, ctx, affiliateId, codeId);
    if (!old) throw notFound('code');
    requireActive(affiliate);
    if (old.status !== 'active') throw invalidState('only an active code can be renamed');
    // Same text in another case: the key is the old code's own for good.
    if (codeKey(old.code) === codeKey(text)) throw invalid('code', 'the new code must differ from the old one in more than case');
    const previous = await markInactive(tx, ctx, old, 'renamed');
    await checkRoom(tx, ctx, affiliateId, source);
    return { previous, code: await insertCode(tx, ctx, affiliateId, text, source) };
  });
}
