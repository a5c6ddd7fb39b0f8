import { index, integer, pgTable, primaryKey, real, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import { createdAt, id, money, workspaceRef } from './columns';
import { CLICK_SOURCES, MATCH_METHODS } from '../../server/model/enums';

// Partitioned by month on created_at (PostgreSQL declarative partitioning, set up by hand in the
// migration: drizzle-kit cannot express PARTITION BY). Partitions are named clicks_pYYYYMM plus
// clicks_default; db/partitions/clicks.ts creates coming months and drops expired ones. Every
// unique constraint of a partitioned table must contain the partition key, hence (id, created_at).
export const clicks = pgTable(
  'clicks',
  {
    id: uuid('id').notNull().$defaultFn(() => uuidv7()),
    workspaceId: workspaceRef(),
    campaignId: uuid('campaign_id').notNull(),
    affiliateId: uuid('affiliate_id').notNull(),
    visitorKey: text('visitor_key').notNull(),
    fingerprint: text('fingerprint'),
    // Salted SHA-256; raw addresses and user agents are never stored.
    ipHash: text('ip_hash'),
    uaHash: text('ua_hash'),
    url: text('url'),
    referrer: text('referrer'),
    matchMethod: text('match_method', { enum: MATCH_METHODS }).notNull(),
    matchConfidence: real('match_confidence').notNull(),
    source: text('source', { enum: CLICK_SOURCES }).notNull().default('api'),
    ts: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'clicks_pkey', columns: [t.id, t.ts] }),
    // attribution by cookie: a visitor's clicks inside the window
    index('clicks_visitor_idx').on(t.workspaceId, t.visitorKey, t.ts),
    // attribution and click matching by fingerprint
    index('clicks_fingerprint_idx').on(t.workspaceId, t.fingerprint, t.ts),
    // attribution by ip + user agent
    index('clicks_ip_idx').on(t.workspaceId, t.ipHash, t.uaHash, t.ts),
    // /v1/affiliate/clicks, risk velocity
    index('clicks_affiliate_idx').on(t.affiliateId, t.ts),
  ],
);

// The figures of one (workspace, day, campaign, affiliate, currency): a rollup row and a delta
// alike. Money of one currency per row, so reports never add yen to dollars: conversions write
// their currency's row; clicks, which carry no money, write the '' row. Counts add across rows.
const rollupFigures = () => ({
  workspaceId: workspaceRef(),
  day: text('day').notNull(),
  campaignId: uuid('campaign_id').notNull(),
  affiliateId: uuid('affiliate_id').notNull(),
  currency: text('currency').notNull().default(''),
  clicks: integer('clicks').notNull().default(0),
  leads: integer('leads').notNull().default(0),
  sales: integer('sales').notNull().default(0),
  revenue: money('revenue').notNull().default(0),
  commissions: money('commissions').notNull().default(0),
});

// Daily counters, so reports never scan raw clicks or conversions.
export const dailyRollups = pgTable(
  'daily_rollups',
  rollupFigures(),
  (t) => [
    // one row per (workspace, day, campaign, affiliate, currency), upserted by the fold
    uniqueIndex('daily_rollups_uq').on(t.workspaceId, t.day, t.campaignId, t.affiliateId, t.currency),
    index('daily_rollups_affiliate_idx').on(t.workspaceId, t.affiliateId, t.day),
  ],
);

// What clicks and conversion changes add to daily_rollups, appended by the write paths and folded
// into daily_rollups by the rollups.fold job (server/domain/rollups/fold.ts). Appending
// takes no row lock, so a hot referral code no longer queues its clicks on one rollup row; reads
// add the rows not yet folded (server/domain/rollups/live.ts), so reports stay exact.
export const rollupDeltas = pgTable(
  'rollup_deltas',
  { id: id(), ...rollupFigures() },
  (t) => [index('rollup_deltas_workspace_day_idx').on(t.workspaceId, t.day)],
);
