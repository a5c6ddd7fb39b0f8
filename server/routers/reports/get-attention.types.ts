import { z } from 'zod';

// Dashboard-only (no /v1 meta): the Overview's "needs attention" tiles.
const countOf = z.number().int().min(0);

export const getAttentionInput = z.object({}).optional();
export const getAttentionOutput = z.object({
  pending_affiliates: countOf,
  pending_commissions: countOf,
  high_risk_affiliates: countOf,
  failing_webhooks: countOf,
});
