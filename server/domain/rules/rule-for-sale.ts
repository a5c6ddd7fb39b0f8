import type { commissionRules } from '@/db/schema';

type Rule = typeof commissionRules.$inferSelect;
type Interval = Exclude<Rule['appliesToInterval'], 'any'>;
/** groupId: a partner group's override (absent or null: the campaign's own rule). */
export type RuleTerms = Pick<Rule, 'kind' | 'productIds' | 'appliesToInterval'> & Partial<Pick<Rule, 'groupId'>>;
/** groupId: the affiliate's partner group at the sale's time; null or absent: group rules never apply. */
export type Sale = { productId?: string | null; interval?: Interval | null; groupId?: string | null };

// A rule limited to one billing interval says nothing about sales of another (or of none known).
const coversInterval = (rule: RuleTerms, interval: Interval | null | undefined) =>
  rule.appliesToInterval === 'any' || rule.appliesToInterval === interval;

/**
 * The rule a sale earns by, by precedence (docs/campaigns-and-rules.md#what-a-sale-earns,
 * docs/groups-bounties-recruiters.md#group-commission-rules): a product rule naming the sale's
 * product, then the interval rule for its billing interval, then the catch-all. The most specific
 * kind wins first; within one kind the affiliate's group's rule beats the campaign's own (so a
 * campaign product rule still beats a group's catch-all). Among product rules naming the product
 * (of the group, else of the campaign), the narrowest wins (fewest products), then the earliest given.
 * Rules of other groups never apply. Null: no rule applies, the sale earns nothing.
 */
export function ruleForSale<R extends RuleTerms>({ rules, productId, interval, groupId }: Sale & { rules: readonly R[] }): R | null {
  const own = (r: R) => !r.groupId;
  const ofGroup = (r: R) => !!groupId && r.groupId === groupId;
  // the group's rules first, then the campaign's: the first tier with a match of a kind wins
  const tiers = groupId ? [ofGroup, own] : [own];
  const product = (inTier: (r: R) => boolean) =>
    rules
      .filter((r) => inTier(r) && r.kind === 'product' && r.productIds.includes(productId!) && coversInterval(r, interval))
      .reduce<R | null>((best, r) => (best && best.productIds.length <= r.productIds.length ? best : r), null);
  if (productId) {
    for (const inTier of tiers) {
      const found = product(inTier);
      if (found) return found;
    }
  }
  if (interval) {
    for (const inTier of tiers) {
      const found = rules.find((r) => inTier(r) && r.kind === 'interval' && r.appliesToInterval === interval);
      if (found) return found;
    }
  }
  for (const inTier of tiers) {
    const found = rules.find((r) => inTier(r) && r.kind === 'default' && coversInterval(r, interval));
    if (found) return found;
  }
  return null;
}

/** Whether any of a campaign's rules is a group's: only then does a sale need its affiliate's group. */
export const hasGroupRules = (rules: readonly RuleTerms[]) => rules.some((r) => !!r.groupId);
