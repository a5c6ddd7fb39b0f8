import type { MoveCondition, MoveMetric } from '../../model/move-rules';

// Which move rule moves an affiliate (docs/groups-bounties-recruiters.md#move-rules), pure: the job
// (move-job.ts) reads the totals and the rules, this decides.

/** An affiliate's total of a metric over a window: `null` window is all time. */
export type Totals = (metric: Exclude<MoveMetric, 'days_enrolled'>, windowDays: number | null) => number;

export type RuleForChoice = {
  id: string;
  groupId: string;
  targetGroupId: string;
  position: number;
  active: boolean;
  createdAt: Date;
  conditions: readonly MoveCondition[];
};

export type AffiliateForChoice = {
  groupId: string;
  /** Whole days since approved_at, else created_at. */
  daysEnrolled: number;
  totals: Totals;
  /** Rules that already moved this affiliate: each moves it once ever. */
  appliedRuleIds: ReadonlySet<string>;
};

/** Whole days between `since` and `now` (never negative). */
export const daysBetween = (since: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - since.getTime()) / 86_400_000));

/** A condition holds at its threshold exactly (>=). */
export function conditionHolds(c: MoveCondition, a: Pick<AffiliateForChoice, 'daysEnrolled' | 'totals'>): boolean {
  const value = c.metric === 'days_enrolled' ? a.daysEnrolled : a.totals(c.metric, c.window_days);
  return value >= c.at_least;
}

/** The priority order: lowest position first, then the oldest rule, then the lowest id (a total order). */
export function byPriority(a: RuleForChoice, b: RuleForChoice): number {
  return a.position - b.position || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The rule that moves the affiliate, or null: among the active rules of its current group that
 * have not moved it before, do not point back at its own group, and whose conditions (at least one)
 * all hold, the first by priority (byPriority). Independent of the order `rules` are given in.
 */
export function chooseMove(affiliate: AffiliateForChoice, rules: readonly RuleForChoice[]): RuleForChoice | null {
  let best: RuleForChoice | null = null;
  for (const rule of rules) {
    if (!rule.active || rule.groupId !== affiliate.groupId || rule.targetGroupId === affiliate.groupId) continue;
    if (affiliate.appliedRuleIds.has(rule.id) || rule.conditions.length === 0) continue;
    if (!rule.conditions.every((c) => conditionHolds(c, affiliate))) continue;
    if (!best || byPriority(rule, best) < 0) best = rule;
  }
  return best;
}
