import type { inferRouterOutputs } from '@trpc/server';
import { formatRate } from '@/server/model/money';
import { money } from '../../_components/ui';
import type { AppRouter } from '@/server/routers/root';

export type Reward = inferRouterOutputs<AppRouter>['rewards']['list']['data'][number];

export const LENGTHS = [
  ['one_time', 'First payment only'],
  ['limited', 'Limited months'],
  ['lifetime', 'Lifetime'],
] as const;

export type LengthType = (typeof LENGTHS)[number][0];

export function terms(r: Reward) {
  const t = r.terms;
  const amount = t.is_flat ? money(t.amount, t.currency ?? 'usd') : formatRate(t.amount);
  const length = t.length_type === 'limited' ? `${t.length_months} months` : t.length_type.replace('_', ' ');
  return `${amount} · ${length}`;
}
