import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/routers/root';
import { formatRate } from '@/server/model/money';
import { money } from '../../../_components/ui';
import type { BillingInterval } from '@/server/model/enums';

export type Rule = inferRouterOutputs<AppRouter>['commissionRules']['get']['rules'][number];
export type Product = inferRouterOutputs<AppRouter>['products']['list']['data'][number];
export type RuleChange = inferRouterInputs<AppRouter>['commissionRules']['set'];
export type Interval = BillingInterval;

export const INTERVALS: Record<Interval, string> = { one_time: 'one-time purchases', month: 'monthly plans', year: 'yearly plans' };
export const KINDS: Record<Rule['kind'], string> = { default: 'Catch-all', product: 'Products', interval: 'Billing interval' };

/** "25%" or "$5.00": percent rules are stored as a percentage, flat ones in minor units. */
export const rateText = (r: Pick<Rule, 'is_flat' | 'amount' | 'currency'>) => (r.is_flat ? money(r.amount, r.currency ?? 'usd') : formatRate(r.amount));

export function lengthText(r: Pick<Rule, 'length_type' | 'length_months'>) {
  if (r.length_type === 'lifetime') return 'every payment (lifetime)';
  if (r.length_type === 'limited') return `payments in the first ${r.length_months} month${r.length_months === 1 ? '' : 's'}`;
  return 'first payment only';
}

/** What a rule covers, with catalog names where the catalog knows the product. */
export function scopeText(r: Pick<Rule, 'kind' | 'product_ids' | 'applies_to_interval'>, catalog: Product[]) {
  const interval = r.applies_to_interval === 'any' ? '' : ` (${INTERVALS[r.applies_to_interval]})`;
  if (r.kind === 'interval') return `All ${INTERVALS[r.applies_to_interval as Interval] ?? r.applies_to_interval}`;
  if (r.kind === 'default') return `All other sales${interval}`;
  const names = r.product_ids.map((id) => catalog.find((p) => p.provider_product_id === id)?.name ?? id);
  return `${names.join(', ')}${interval}`;
}
