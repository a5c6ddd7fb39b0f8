import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { affiliateCodes, affiliates } from '@/db/schema';
import { invalidState } from '../../errors/errors';
import { findAffiliateByEmail, type Affiliate } from './affiliates';
import { normaliseEmail } from './normalise-email';
import { aliasedCodes, lockRefCodes } from './ref-aliases';
import { randomRefCodeVariant, refCodeVariant } from './ref-codes';
import type { WorkspaceCtx } from '../context';
import { defaultGroupId } from '../groups/default-group';

// groupId absent: the workspace's default group
export type AffiliateValues = Omit<typeof affiliates.$inferInsert, 'id' | 'workspaceId' | 'refCode' | 'normalisedEmail' | 'createdAt' | 'updatedAt' | 'groupId'> & { groupId?: string };
export type InsertResult =
  | { kind: 'created'; row: Affiliate; refCodeChanged: boolean }
  | { kind: 'existing'; row: Affiliate };
/** The affiliate an insert that hit a unique e-mail index duplicates (read after the winner committed). */
export type FindDuplicate = (ctx: WorkspaceCtx) => Promise<Affiliate | undefined>;

// `code`, `code-2` … `code-25` (docs/workspaces-and-keys.md, "Ref codes") are looked up in one
// statement and the lowest free one tried, again after losing a race; past them a random suffix
// that grows with each attempt (36^4 codes at first, 36^18 by the last): a name never runs out.
const NUMBERED = 25;
const RANDOM_ATTEMPTS = 8;
const FIRST_RANDOM_LENGTH = 4;

/** The lowest numbered variant of `base` nobody holds (as far as this statement can see), if any. */
async function freeNumberedVariant({ ctx, base, lost }: { ctx: WorkspaceCtx; base: string; lost: Set<string> }): Promise<string | undefined> {
  const candidates = Array.from({ length: NUMBERED }, (_, i) => refCodeVariant(base, i + 1));
  const taken = await ctx.db
    .select({ code: affiliates.refCode })
    .from(affiliates)
    .where(and(eq(affiliates.workspaceId, ctx.workspaceId), inArray(affiliates.refCode, candidates)));
  // Another affiliate's coupon code is taken too (docs/codes.md#rules): a code typed at checkout names one affiliate.
  const codes = await ctx.db
    .select({ code: affiliateCodes.codeKey })
    .from(affiliateCodes)
    .where(and(eq(affiliateCodes.workspaceId, ctx.workspaceId), inArray(affiliateCodes.codeKey, candidates)));
  // nor another affiliate's old code, kept so its shared links still credit it (ref-aliases.ts)
  const aliases = await aliasedCodes(ctx.db, ctx.workspaceId, candidates);
  const held = new Set([...[...taken, ...codes].map((t) => t.code), ...aliases]);
  return candidates.find((c) => !held.has(c) && !lost.has(c));
}

/**
 * Inserts an affiliate with `base` or a free variant of it, safe under concurrent callers.
 * A unique violation would abort the caller's transaction, so no statement here may fail:
 * ON CONFLICT DO NOTHING makes a racing insert wait for the winner's commit and yield nothing,
 * after which (read committed) the next statement sees the winner's row.
 * An e-mail conflict returns the existing affiliate (`findDuplicate`, by default the same e-mail
 * in any case); a ref code conflict tries the next variant.
 */
export async function insertAffiliate(
  tx: DbOrTx,
  workspaceId: string,
  values: AffiliateValues,
  base: string,
  findDuplicate: FindDuplicate = (ctx) => (values.email ? findAffiliateByEmail({ ctx, email: values.email }) : Promise.resolve(undefined)),
): Promise<InsertResult> {
  const ctx = { db: tx, workspaceId };
  const row = { ...values, workspaceId, normalisedEmail: values.email ? normaliseEmail(values.email) : null, groupId: values.groupId ?? defaultGroupId(workspaceId) };
  const attempt = async (refCode: string): Promise<InsertResult | undefined> => {
    const [created] = await tx.insert(affiliates).values({ ...row, refCode }).onConflictDoNothing().returning();
    if (created) return { kind: 'created', row: created, refCodeChanged: refCode !== base };
    const existing = await findDuplicate(ctx);
    return existing && { kind: 'existing', row: existing };
  };
  // shared: creations do not wait on each other, only on a ref code change (ref-aliases.ts)
  await lockRefCodes(tx, workspaceId, 'create');
  const lost = new Set<string>();
  for (let code = await freeNumberedVariant({ ctx, base, lost }); code; code = await freeNumberedVariant({ ctx, base, lost })) {
    const result = await attempt(code);
    if (result) return result;
    lost.add(code);
  }
  for (let i = 0; i < RANDOM_ATTEMPTS; i++) {
    const result = await attempt(randomRefCodeVariant(base, FIRST_RANDOM_LENGTH + 2 * i));
    if (result) return result;
  }
  // 36^18 codes in the last draw: reached only if something other than a collision fails the insert.
  throw invalidState(`could not mint a ref code from ${base}; try again`);
}
