import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, workspaceRef } from './columns';

// What an import from another affiliate platform (server/importers/) already brought over: one row
// per peer record, so a rerun skips it and a run broken half way resumes where it stopped
// (docs/moving-from-another-platform.md). `local_id` is the Refcount record it became.
export const importRefs = pgTable(
  'import_refs',
  {
    id: id(),
    workspaceId: workspaceRef(),
    // the peer: rewardful, firstpromoter, …
    source: text('source').notNull(),
    // campaign, affiliate, code, referral, commission, payout
    kind: text('kind').notNull(),
    // the peer's id of the record
    externalId: text('external_id').notNull(),
    localId: uuid('local_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // the importer's lookup before each write, what makes a rerun add nothing twice, and (by its
    // prefix) the report's counts per kind
    uniqueIndex('import_refs_uq').on(t.workspaceId, t.source, t.kind, t.externalId),
  ],
);
