import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/routers/root';

type Out = inferRouterOutputs<AppRouter>['integrations'];
export type Status = Out['status'];
export type ProviderEvent = Out['events']['data'][number];
export type Provider = Status['provider'];
export const PROVIDERS: readonly { name: Provider; label: string }[] = [
  { name: 'stripe', label: 'Stripe' },
  { name: 'paddle', label: 'Paddle' },
  { name: 'paypal', label: 'PayPal' },
];
