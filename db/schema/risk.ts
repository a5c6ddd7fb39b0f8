import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, workspaceRef } from './columns';
import { RECOMMENDED_ACTIONS, RISK_LEVELS } from '../../server/model/enums';

// History is kept: every run adds a row; the list shows the newest per affiliate.
export const riskAssessments = pgTable(
  'risk_assessments',
  {
    id: id(),
    workspaceId: workspaceRef(),
    affiliateId: uuid('affiliate_id').notNull(),
    score: integer('score').notNull(),
    riskLevel: text('risk_level', { enum: RISK_LEVELS }).notNull(),
    recommendedAction: text('recommended_action', {
      enum: RECOMMENDED_ACTIONS,
    }).notNull(),
    flags: text('flags').array().notNull().default([]),
    summary: text('summary').notNull(),
    evidence: jsonb('evidence'),
    dismissedAt: ts('dismissed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // GET /v1/risk/flags: newest per workspace, optionally by level
    index('risk_assessments_workspace_idx').on(t.workspaceId, t.createdAt),
    index('risk_assessments_affiliate_idx').on(t.affiliateId, t.createdAt),
  ],
);
