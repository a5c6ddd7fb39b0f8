import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt, workspaceRef } from './columns';
import { BACKFILL_PHASES, BACKFILL_STATUSES } from '../../server/model/enums';

// A backfill of a payment provider's past customers and payments, run by the backfill job page by
// page (server/integrations/backfills.ts): where it stands is here, so a stopped run resumes at
// its cursor and the Integrations page shows its progress.
export const integrationBackfills = pgTable(
  'integration_backfills',
  {
    id: id(),
    workspaceId: workspaceRef(),
    provider: text('provider').notNull(),
    // Objects created before this are left alone (bounded: docs/integrations/stripe.md).
    since: ts('since').notNull(),
    status: text('status', { enum: BACKFILL_STATUSES }).notNull().default('running'),
    // What the next page reads, and after which object (the provider's pagination cursor).
    phase: text('phase', { enum: BACKFILL_PHASES }).notNull(),
    cursor: text('cursor'),
    // Objects read per phase, and what they made.
    checkouts: integer('checkouts').notNull().default(0),
    customers: integer('customers').notNull().default(0),
    invoices: integer('invoices').notNull().default(0),
    // Paddle's completed transactions
    transactions: integer('transactions').notNull().default(0),
    linked: integer('linked').notNull().default(0),
    conversionsCreated: integer('conversions_created').notNull().default(0),
    conversionsExisting: integer('conversions_existing').notNull().default(0),
    pages: integer('pages').notNull().default(0),
    // Why it failed (a bounded first line, never a key or a body).
    detail: text('detail'),
    // A page in progress: another worker leaves the backfill alone until then.
    leaseUntil: ts('lease_until'),
    startedBy: text('started_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    // one backfill at a time per provider of a workspace
    uniqueIndex('integration_backfills_running_uq').on(t.workspaceId, t.provider).where(sql`${t.status} = 'running'`),
    // the page shows the latest
    index('integration_backfills_recent_idx').on(t.workspaceId, t.provider, t.createdAt),
  ],
);
