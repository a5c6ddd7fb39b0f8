import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { affiliates } from '@/db/schema';
import { invalidState } from '../../errors/errors';
import { findAffiliateByEmail, type Affiliate } from './affiliates';
import { refCodeVariant } from './ref-codes';
import type { WorkspaceCtx } from '../context';

export type AffiliateValues = Omit<typeof affiliates.$inferInsert, 'id' | 'workspaceId' | 'refCode' | 'createdAt' | 'updatedAt'>;
export type InsertResult =
  | { kind: 'created'; row: Affiliate; refCodeChanged: boolean }
  | { kind: 'existing'; row: Affiliate };

const BATCH = 25;
const MAX_BATCHES = 40;
const MAX_ATTEMPTS = 20;

/** The lowest variant of `base` nobody holds (as far as this statement can see). */
async function freeVariant({ ctx, base, lost }: { ctx: WorkspaceCtx; base: string; lost: Set<string> }): Promise<string> {
  const { db: tx, workspaceId } = ctx;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const candidates = Array.from({ length: BATCH }, (_, i) => refCodeVariant(base, batch * BATCH + i + 1));
    const taken = await tx
      .select({ code: affiliates.refCode })
      .from(affiliates)
      .where(and(eq(affiliates.workspaceId, workspaceId), inArray(affiliates.refCode, candidates)));
    const held = new Set(taken.map((t) => t.code));
    const free = candidates.find((c) => !held.has(c) && !lost.has(c));
    if (free) return free;
  }
  throw invalidState(`no free variant of ref code ${base}`);
}

/**
 * Inserts an affiliate with `base` or its first free variant, safe under concurrent callers.
 * A unique violation would abort the caller's transaction, so no statement here may fail:
 * ON CONFLICT DO NOTHING makes a racing insert wait for the winner's commit and yield nothing,
 * after which (read committed) the next statement sees the winner's row.
 * An e-mail conflict returns the existing affiliate; a ref code conflict tries the next variant.
 */
export async function insertAffiliate(
  tx: DbOrTx,
  workspaceId: string,
  values: AffiliateValues,
  base: string,
): Promise<InsertResult> {
  const lost = new Set<string>();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const refCode = await freeVariant({ ctx: { db: tx, workspaceId }, base, lost });
    const [row] = await tx
      .insert(affiliates)
      .values({ ...values, workspaceId, refCode })
      .onConflictDoNothing()
      .returning();
    if (row) return { kind: 'created', row, refCodeChanged: refCode !== base };
    if (values.email) {
      const existing = await findAffiliateByEmail({ ctx: { db: tx, workspaceId }, email: values.email });
      if (existing) return { kind: 'existing', row: existing };
    }
    lost.add(refCode);
  }
  throw invalidState(`could not mint a ref code from ${base}; try again`);
}
