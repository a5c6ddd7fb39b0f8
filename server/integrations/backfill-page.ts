import type { Db } from '@/db/client';
import type { integrationBackfills } from '@/db/schema';
import type { BACKFILL_PHASES } from '../model/enums';
import type { Integration, Outcome } from './provider';

// What a provider's backfill implements (server/integrations/backfills.ts runs it).

export type Backfill = typeof integrationBackfills.$inferSelect;
export type BackfillPhase = (typeof BACKFILL_PHASES)[number];
export type BackfillCounts = Pick<Backfill, 'checkouts' | 'customers' | 'invoices' | 'transactions' | 'linked' | 'conversionsCreated' | 'conversionsExisting'>;

/** One page of a provider's backfill: what it read and where the next page starts. */
export type BackfillPage = (input: { db: Db; integration: Integration; key: string; backfill: Backfill }) => Promise<{
  counts: Partial<BackfillCounts>;
  phase: BackfillPhase;
  cursor: string | null;
}>;

/** Where a provider's backfill begins, and its page. */
export type BackfillKind = { first: { phase: BackfillPhase; cursor: string | null }; page: BackfillPage };

/** What an outcome of a live handler adds to the counts of the page that applied it. */
export function countOutcome(counts: Partial<BackfillCounts>, outcome: Outcome) {
  if (outcome.action === 'customer_linked') counts.linked = (counts.linked ?? 0) + 1;
  if (outcome.action === 'conversion_created') counts.conversionsCreated = (counts.conversionsCreated ?? 0) + 1;
  if (outcome.action === 'conversion_exists') counts.conversionsExisting = (counts.conversionsExisting ?? 0) + 1;
}
