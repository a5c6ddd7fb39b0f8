import { money } from '../../_components/ui';

type BountyTerms = { type: string; reward_amount: number; currency: string; metric: string | null; target: number | null; period: string };

const PERIOD: Record<string, string> = { all_time: 'once', month: 'per calendar month', week: 'per ISO week' };

/** What the bounty asks and pays, in a manager's words: "10 sales → $100.00, per calendar month". */
export function bountyTerms(b: BountyTerms) {
  const reward = money(b.reward_amount, b.currency);
  if (b.type === 'submission') return `approved proof → ${reward}, ${PERIOD[b.period]}`;
  const target = b.metric === 'revenue' || b.metric === 'commissions' ? `${money(b.target ?? 0, b.currency)} of ${b.metric}` : `${b.target} ${b.metric}`;
  return `${target} → ${reward}, ${PERIOD[b.period]}`;
}
