import { integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';

// Idempotency-Key records. The primary key is the lock: two racing requests with one key
// cannot both insert, so only one executes.
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    workspaceId: uuid('workspace_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pk', columns: [t.workspaceId, t.key] })],
);
