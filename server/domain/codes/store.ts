import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { affiliateCodes, affiliates } from '@/db/schema';
import { presentAffiliateCode } from '../../contracts/affiliate-code';
import { invalidState } from '../../errors/errors';
import type { Affiliate } from '../affiliates/affiliates';
import { addAuditEntry } from '../audit/audit-entries';
import type { ActingCtx, WorkspaceCtx } from '../context';
import { codeKey, codeVariant, generatedBase, isReserved } from './codes';

// The statements every code write shares, each run inside the caller's transaction.

export type AffiliateCode = typeof affiliateCodes.$inferSelect;
export type CodeSource = AffiliateCode['source'];

/** The affiliate's code `id`, or undefined (another affiliate's or workspace's code included). */
export async function findCode(tx: Tx, ctx: WorkspaceCtx, affiliateId: string, id: string, { lock = false } = {}) {
  const query = tx
    .select()
    .from(affiliateCodes)
    .where(and(eq(affiliateCodes.workspaceId, ctx.workspaceId), eq(affiliateCodes.affiliateId, affiliateId), eq(affiliateCodes.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row as AffiliateCode | undefined;
}

/** How many of the affiliate's codes are active (MAX_ACTIVE_CODES bounds it). */
export const activeCodeCount = (tx: Tx, ctx: WorkspaceCtx, affiliateId: string) =>
  countCodes(tx, ctx, affiliateId, eq(affiliateCodes.status, 'active'));

/** How many codes `source` made for the affiliate, inactive ones included (a lifetime cap). */
export const codesMadeBy = (tx: Tx, ctx: WorkspaceCtx, affiliateId: string, source: CodeSource) =>
  countCodes(tx, ctx, affiliateId, eq(affiliateCodes.source, source));

async function countCodes(tx: Tx, ctx: WorkspaceCtx, affiliateId: string, which: SQL) {
  const [row] = await tx
    .select({ n: count() })
    .from(affiliateCodes)
    .where(and(eq(affiliateCodes.workspaceId, ctx.workspaceId), eq(affiliateCodes.affiliateId, affiliateId), which));
  return Number(row.n);
}

/** Keys among `keys` that another affiliate of the workspace holds as its ref code (ref codes are lower-case). */
export async function otherRefCodes(tx: Tx, ctx: WorkspaceCtx, affiliateId: string, keys: string[]) {
  const rows = await tx
    .select({ refCode: affiliates.refCode })
    .from(affiliates)
    .where(and(eq(affiliates.workspaceId, ctx.workspaceId), inArray(affiliates.refCode, keys), ne(affiliates.id, affiliateId)));
  return new Set(rows.map((r) => r.refCode));
}

/**
 * Inserts `code` for the affiliate, or throws invalid_state when the text is taken: by any code of
 * the workspace, active or not, in any case, or by another affiliate's ref code (a code typed at
 * checkout must name one affiliate). A racing insert of the same text waits on
 * affiliate_codes_workspace_code_uq for the winner's commit and then inserts nothing: the loser
 * gets the same invalid_state, and its transaction is not aborted by a unique violation.
 */
export async function insertCode(tx: Tx, ctx: ActingCtx, affiliateId: string, code: string, source: CodeSource): Promise<AffiliateCode> {
  const key = codeKey(code);
  const row = (await otherRefCodes(tx, ctx, affiliateId, [key])).size ? undefined : await tryInsert(tx, ctx, affiliateId, code, source);
  if (!row) throw invalidState(`the code ${code} is taken in this workspace`);
  return row;
}

async function tryInsert(tx: Tx, ctx: ActingCtx, affiliateId: string, code: string, source: CodeSource) {
  const [row] = await tx
    .insert(affiliateCodes)
    .values({ workspaceId: ctx.workspaceId, affiliateId, code, codeKey: codeKey(code), source, status: 'active', syncState: 'pending' })
    .onConflictDoNothing()
    .returning();
  if (row) await addAuditEntry(tx, ctx, 'affiliate_code.created', { type: 'affiliate_code', id: row.id }, { after: presentAffiliateCode(row) });
  return row;
}

// Generated codes try BASE, BASE2 … in windows of this many, each window one lookup; a common
// ref code runs through a few windows at most before a free variant turns up.
const WINDOW = 25;
const WINDOWS = 8;

/** A code made from the affiliate's ref code (codes.ts generatedBase), with the lowest free number if taken. */
export async function insertGeneratedCode(tx: Tx, ctx: ActingCtx, affiliate: Affiliate): Promise<AffiliateCode> {
  const base = generatedBase(affiliate.refCode);
  const lost = new Set<string>();
  for (let w = 0; w < WINDOWS; w++) {
    const candidates = Array.from({ length: WINDOW }, (_, i) => codeVariant(base, w * WINDOW + i + 1)).filter((c) => !isReserved(c));
    const keys = candidates.map(codeKey);
    const held = await tx
      .select({ key: affiliateCodes.codeKey })
      .from(affiliateCodes)
      .where(and(eq(affiliateCodes.workspaceId, ctx.workspaceId), inArray(affiliateCodes.codeKey, keys)));
    const taken = new Set([...held.map((h) => h.key), ...(await otherRefCodes(tx, ctx, affiliate.id, keys))]);
    for (const code of candidates) {
      if (taken.has(codeKey(code)) || lost.has(code)) continue;
      const row = await tryInsert(tx, ctx, affiliate.id, code, 'generated');
      if (row) return row;
      lost.add(code);
    }
  }
  throw invalidState(`no free code near ${base}: choose one`);
}

/** The affiliate's codes, newest first. */
export async function listCodes({ ctx, affiliateId, page }: { ctx: WorkspaceCtx; affiliateId: string; page: { limit: number; offset: number } }) {
  return ctx.db
    .select()
    .from(affiliateCodes)
    .where(and(eq(affiliateCodes.workspaceId, ctx.workspaceId), eq(affiliateCodes.affiliateId, affiliateId)))
    .orderBy(desc(affiliateCodes.createdAt), desc(affiliateCodes.id))
    .limit(page.limit)
    .offset(page.offset);
}
