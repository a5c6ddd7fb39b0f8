import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, workspaceRef } from './columns';

// Only the SHA-256 of a token and a short display start are stored; the token is shown once.
export const workspaceKeys = pgTable(
  'workspace_keys',
  {
    id: id(),
    workspaceId: workspaceRef(),
    name: text('name'),
    start: text('start').notNull(),
    hash: text('hash').notNull(),
    scopes: text('scopes').array().notNull().default([]),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    // every authenticated /v1 request: token hash -> key
    uniqueIndex('workspace_keys_hash_uq').on(t.hash),
    // keys list of a workspace (dashboard, CLI)
    index('workspace_keys_workspace_idx').on(t.workspaceId, t.createdAt),
  ],
);

export const affiliateKeys = pgTable(
  'affiliate_keys',
  {
    id: id(),
    workspaceId: workspaceRef(),
    affiliateId: uuid('affiliate_id').notNull(),
    name: text('name'),
    start: text('start').notNull(),
    hash: text('hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    // every /v1/affiliate/* request: token hash -> key
    uniqueIndex('affiliate_keys_hash_uq').on(t.hash),
    // an affiliate's keys (portal developer page)
    index('affiliate_keys_affiliate_idx').on(t.affiliateId, t.createdAt),
  ],
);
