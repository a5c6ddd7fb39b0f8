import { and, eq } from 'drizzle-orm';
import { commissions, type conversions } from '@/db/schema';
import type { WorkspaceCtx } from '../../context';
import type { Settings } from '../../settings/settings';
import type { Earning } from './compute';
import type { Commission } from '../read';
import { planLedger } from './plan-ledger';

/** What reconcileLedger did, and the earning it computed for a new (or, on a test sale, quoted) commission. */
export type LedgerChange = { created: Commission[]; updated: Commission[]; earning: Earning | null };

/** Every commission row of a conversion: earnings and clawbacks, live or not. */
export const ledgerOf = ({ ctx, conversionId }: { ctx: WorkspaceCtx; conversionId: string }): Promise<Commission[]> =>
  ctx.db.select().from(commissions).where(and(eq(commissions.workspaceId, ctx.workspaceId), eq(commissions.conversionId, conversionId)));

/** The ledger after `change`: rows it updated replaced by their latest version, rows it created added. */
export const ledgerAfter = (rows: Commission[], change: Pick<LedgerChange, 'created' | 'updated'>): Commission[] => [
  ...rows.map((r) => change.updated.findLast((u) => u.id === r.id) ?? r),
  ...change.created,
];

/**
 * Brings a conversion's commissions in line with its current state (planLedger) and writes the
 * change, inside the caller's transaction. `rows`: the conversion's ledger as this transaction
 * already read it (ledgerOf), after the lock.
 */
export async function reconcileLedger(
  { ctx, conv, settings, rows: given }: { ctx: WorkspaceCtx; conv: typeof conversions.$inferSelect; settings: Settings; rows?: Commission[] },
): Promise<LedgerChange> {
  const rows = given ?? (await ledgerOf({ ctx, conversionId: conv.id }));
  const plan = await planLedger({ ctx, conv, settings, rows });
  const change: LedgerChange = { created: [], updated: [], earning: plan.earning };
  for (const row of plan.created) {
    // one earning per (conversion, affiliate): a racing call's insert is skipped, not duplicated
    const [stored] = await ctx.db.insert(commissions).values(row).onConflictDoNothing().returning();
    if (stored) change.created.push(stored);
  }
  for (const { row, set } of plan.updates) {
    const [stored] = await ctx.db.update(commissions).set({ ...set, updatedAt: row.updatedAt }).where(eq(commissions.id, row.id)).returning();
    change.updated.push(stored);
  }
  return change;
}
