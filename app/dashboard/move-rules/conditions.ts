import { formatMoney } from '@/server/model/money';
import { MOVE_METRICS, type MoveMetric } from '@/server/model/move-rules';

export { MOVE_METRICS };

export const METRIC_LABELS: Record<MoveMetric, string> = {
  clicks: 'Clicks',
  leads: 'Leads',
  sales: 'Sales',
  revenue: 'Revenue',
  commissions: 'Commissions',
  days_enrolled: 'Days enrolled',
};

export const isMoney = (m: MoveMetric) => m === 'revenue' || m === 'commissions';

/** "Sales ≥ 3 in the last 30 days", money in the program currency. */
export function describeCondition(c: { metric: MoveMetric; at_least: number; window_days: number | null }, currency = 'usd'): string {
  const value = isMoney(c.metric) ? formatMoney(c.at_least, currency) : String(c.at_least);
  const window = c.metric === 'days_enrolled' || c.window_days === null ? '' : ` in the last ${c.window_days} days`;
  return `${METRIC_LABELS[c.metric]} ≥ ${value}${window}`;
}
