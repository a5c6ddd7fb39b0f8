import type { commissionRules } from '@/db/schema';

type Rule = typeof commissionRules.$inferSelect;
type Interval = Exclude<Rule['appliesToInterval'], 'any'>;
export type RuleTerms = Pick<Rule, 'kind' | 'productIds' | 'appliesToInterval'>;
export type Sale = { productId?: string | null; interval?: Interval | null };

// A rule limited to one billing interval says nothing about sales of another (or of none known).
const coversInterval = (rule: RuleTerms, interval: Interval | null | undefined) =>
  rule.appliesToInterval === 'any' || rule.appliesToInterval === interval;

/**
 * The rule a sale earns by, by precedence (docs/campaigns-and-rules.md#what-a-sale-earns): a
 * product rule naming the sale's product, then the interval rule for its billing interval, then the
 * catch-all. Among product rules naming the product, the narrowest wins (fewest products), then
 * the earliest given.
 * Null: no rule applies, the sale earns nothing.
 */
export function ruleForSale<R extends RuleTerms>({ rules, productId, interval }: Sale & { rules: readonly R[] }): R | null {
  const product = productId
    ? rules
        .filter((r) => r.kind === 'product' && r.productIds.includes(productId) && coversInterval(r, interval))
        .reduce<R | null>((best, r) => (best && best.productIds.length <= r.productIds.length ? best : r), null)
    : null;
  if (product) return product;
  const byInterval = interval ? rules.find((r) => r.kind === 'interval' && r.appliesToInterval === interval) : undefined;
  if (byInterval) return byInterval;
  return rules.find((r) => r.kind === 'default' && coversInterval(r, interval)) ?? null;
}
