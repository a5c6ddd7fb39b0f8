import { createHash } from 'node:crypto';
import type { commissionRules } from '@/db/schema';
import { invalid, required } from '../../errors/errors';

type Rule = typeof commissionRules.$inferSelect;
export type RuleScope = Pick<Rule, 'kind' | 'scopeKey' | 'productIds'>;

// A btree index entry holds at most ~2.7 kB; longer product sets are keyed by their hash.
const MAX_KEY_BYTES = 1024;

/**
 * The scope a rule is upserted by (commission_rules_scope_uq): '' for the catch-all, the interval
 * for an interval rule, the sorted product ids for a product rule. JSON keeps ids containing
 * commas apart.
 */
export function scopeKeyOf(kind: Rule['kind'], productIds: string[], interval: Rule['appliesToInterval']): string {
  if (kind === 'default') return '';
  if (kind === 'interval') return interval;
  const key = JSON.stringify(productIds);
  return Buffer.byteLength(key) <= MAX_KEY_BYTES ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/** Checks that kind, product_ids and applies_to_interval fit together, and derives the scope. */
export function ruleScope(
  kind: Rule['kind'],
  productIds: string[] | undefined,
  interval: Rule['appliesToInterval'],
): RuleScope {
  if (kind === 'product' && productIds === undefined) throw required('product_ids');
  if (kind === 'product' && productIds?.length === 0) throw invalid('product_ids', 'a product rule names at least one product');
  if (kind !== 'product' && productIds?.length) throw invalid('product_ids', 'only a product rule names products');
  if (kind === 'interval' && interval === 'any') {
    throw invalid('applies_to_interval', 'an interval rule needs one_time, month or year');
  }
  const ids = kind === 'product' ? [...new Set(productIds)].sort() : [];
  return { kind, scopeKey: scopeKeyOf(kind, ids, interval), productIds: ids };
}
