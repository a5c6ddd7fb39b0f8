'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../_components/providers';
import { Badge } from '../../../_components/ui';

const KIND = { manual: 'Manual (CSV)', paypal: 'PayPal', stripe_connect: 'Stripe Connect' } as const;

/** How the affiliate is paid and whether a batch can pay it (docs/paying-affiliates.md#payout-methods). */
export function PayoutMethod({ affiliateId }: { affiliateId: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.affiliates.payoutMethod.queryOptions({ id: affiliateId }));
  const m = q.data?.data;
  if (!m) return <span className="text-slate-500">{q.error ? 'not available' : '…'}</span>;
  return (
    <span data-testid="payout-method" className="space-y-1">
      <span className="mr-2">{KIND[m.kind]}</span>
      <Badge value={m.state} />
      {m.paypal_receiver && <span className="block text-xs text-slate-600">{m.paypal_receiver}</span>}
      {m.stripe_account_id && <span className="block font-mono text-xs text-slate-600">{m.stripe_account_id}</span>}
      {m.state_reason && <span className="block text-xs text-amber-700">{m.state_reason}</span>}
    </span>
  );
}
