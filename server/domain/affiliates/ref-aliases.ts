import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '@/db/client';
import { affiliateCodes, affiliateRefAliases, affiliates } from '@/db/schema';
import { invalidState } from '../../errors/errors';
import type { WorkspaceCtx } from '../context';

// Changing a ref code (docs/affiliates.md#changing-a-ref-code). The old code is kept as an alias
// of the affiliate, so links already shared (`?ref=old`, `/r/old`) keep crediting it. Tracking
// matches current codes first, in the statements it always ran, and reads the aliases only when a
// code matches no current code: a click on a current code costs no extra query. So an alias must
// never equal a current code, which the checks below keep true.

/**
 * Ref code changes and new affiliates of one workspace take this lock (changes exclusively): a
 * code freed by a change is not picked by a racing creation before its alias is written.
 */
export const lockRefCodes = (tx: DbOrTx, workspaceId: string, mode: 'change' | 'create') =>
  mode === 'change'
    ? tx.execute(sql`select pg_advisory_xact_lock(hashtext('refcount:ref-codes:' || ${workspaceId}::text))`)
    : tx.execute(sql`select pg_advisory_xact_lock_shared(hashtext('refcount:ref-codes:' || ${workspaceId}::text))`);

/** The aliases among `codes` (lower-case) in the workspace: codes a new affiliate cannot take. */
export async function aliasedCodes(db: DbOrTx, workspaceId: string, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ code: affiliateRefAliases.code })
    .from(affiliateRefAliases)
    .where(and(eq(affiliateRefAliases.workspaceId, workspaceId), inArray(affiliateRefAliases.code, codes)));
  return new Set(rows.map((r) => r.code));
}

/**
 * Refuses `code` (lower-case) as the affiliate's new ref code when anything else in the workspace
 * names it: another affiliate's current code or alias, or another affiliate's coupon code (a code
 * typed at checkout names one affiliate, docs/codes.md#rules). Its own old code or coupon code is fine.
 */
export async function assertRefCodeFree(tx: Tx, ctx: WorkspaceCtx, affiliateId: string, code: string): Promise<void> {
  const taken = () => invalidState(`the ref code ${code} is taken in this workspace`);
  const [current] = await tx
    .select({ id: affiliates.id })
    .from(affiliates)
    .where(and(eq(affiliates.workspaceId, ctx.workspaceId), eq(affiliates.refCode, code), ne(affiliates.id, affiliateId)));
  if (current) throw taken();
  const [alias] = await tx
    .select({ id: affiliateRefAliases.id })
    .from(affiliateRefAliases)
    .where(and(eq(affiliateRefAliases.workspaceId, ctx.workspaceId), eq(affiliateRefAliases.code, code), ne(affiliateRefAliases.affiliateId, affiliateId)));
  if (alias) throw taken();
  const [coupon] = await tx
    .select({ id: affiliateCodes.id })
    .from(affiliateCodes)
    .where(and(eq(affiliateCodes.workspaceId, ctx.workspaceId), eq(affiliateCodes.codeKey, code), ne(affiliateCodes.affiliateId, affiliateId)));
  if (coupon) throw taken();
}

/**
 * After the affiliate's code went from `oldCode` to `newCode`: the old one becomes its alias, and
 * the new one, if it was an alias of its own (taking an old code back), is one no longer.
 */
export async function keepOldCode(tx: Tx, ctx: WorkspaceCtx, affiliateId: string, oldCode: string, newCode: string): Promise<void> {
  await tx
    .delete(affiliateRefAliases)
    .where(and(eq(affiliateRefAliases.workspaceId, ctx.workspaceId), eq(affiliateRefAliases.affiliateId, affiliateId), eq(affiliateRefAliases.code, newCode)));
  await tx.insert(affiliateRefAliases).values({ workspaceId: ctx.workspaceId, affiliateId, code: oldCode }).onConflictDoNothing();
}

/** The affiliate's aliases, oldest first. */
export async function aliasesOf(ctx: WorkspaceCtx, affiliateId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ code: affiliateRefAliases.code })
    .from(affiliateRefAliases)
    .where(and(eq(affiliateRefAliases.workspaceId, ctx.workspaceId), eq(affiliateRefAliases.affiliateId, affiliateId)))
    .orderBy(affiliateRefAliases.createdAt);
  return rows.map((r) => r.code);
}

/**
 * The current ref code of the affiliate `code` (lower-case) is an alias of, if any: what tracking
 * asks when a code matched no current code.
 */
export async function currentCodeOfAlias(db: DbOrTx, workspaceId: string, code: string): Promise<string | null> {
  const [row] = await db
    .select({ refCode: affiliates.refCode })
    .from(affiliateRefAliases)
    .innerJoin(affiliates, and(eq(affiliates.workspaceId, affiliateRefAliases.workspaceId), eq(affiliates.id, affiliateRefAliases.affiliateId)))
    .where(and(eq(affiliateRefAliases.workspaceId, workspaceId), eq(affiliateRefAliases.code, code)));
  return row?.refCode ?? null;
}
