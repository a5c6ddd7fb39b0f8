import { z } from 'zod';
import type { commissions } from '@/db/schema';
import { iso, timestamp } from './common';

export const commissionStatus = z.enum(['pending', 'approved', 'denied', 'paid', 'reversed']);

export const commissionRecord = z
  .object({
    id: z.uuid(),
    affiliate_id: z.uuid(),
    conversion_id: z.uuid(),
    amount: z.number().int().describe('minor currency units; negative for a clawback'),
    currency: z.string(),
    status: commissionStatus,
    period_index: z.number().int(),
    created_at: timestamp,
  })
  .meta({ id: 'Commission' });

export type CommissionRecord = z.infer<typeof commissionRecord>;

export const presentCommission = (row: typeof commissions.$inferSelect): CommissionRecord => ({
  id: row.id,
  affiliate_id: row.affiliateId,
  conversion_id: row.conversionId,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  period_index: row.periodIndex,
  created_at: iso(row.createdAt),
});
