'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { useToast } from '../../_components/toast';
import { Badge, Button, Card, ErrorNote, inputCls } from '../../_components/ui';

const KIND = { manual: 'Manual: the program pays you by hand', paypal: 'PayPal', stripe_connect: 'Stripe' } as const;

/**
 * "How you get paid" (docs/paying-affiliates.md#payout-methods): manual, PayPal (confirmed from an
 * e-mailed link, which opens this page with ?confirm_paypal=…), or Stripe, whose onboarding page
 * sends the browser back here with ?stripe=return, or ?stripe=refresh for a new link.
 */
export function PayoutMethodSection() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const method = useQuery(trpc.portal.payoutMethod.queryOptions({}));
  const [sent, setSent] = useState<string | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.portal.payoutMethod.queryKey() });
  const choose = useMutation(
    trpc.portal.choosePayoutMethod.mutationOptions({
      onSuccess: (r) => {
        if (r.data.kind === 'paypal' && r.data.state !== 'ready') setSent(r.data.paypal_receiver);
        else toast(r.data.kind === 'manual' ? 'You are paid by hand by the program.' : 'PayPal address confirmed already.');
        return refresh();
      },
    }),
  );
  const confirm = useMutation(trpc.portal.confirmPaypal.mutationOptions({ onSuccess: () => (toast('PayPal address confirmed: payouts can go there.'), refresh()) }));
  // Stripe's onboarding link is single-use: the browser goes there at once (the only navigation away)
  const connect = useMutation(trpc.portal.startStripeOnboarding.mutationOptions({ onSuccess: (r) => window.location.assign(r.url) }));
  const handled = useRef(false);
  const m = method.data?.data;

  useEffect(() => {
    if (handled.current || !m) return;
    handled.current = true;
    const q = new URLSearchParams(window.location.search);
    const token = q.get('confirm_paypal');
    if (token) confirm.mutate({ token });
    // an expired onboarding link: a new one for the same account
    if (q.get('stripe') === 'refresh' && m.kind === 'stripe_connect' && m.country) connect.mutate({ country: m.country });
    if (token || q.get('stripe')) window.history.replaceState(null, '', window.location.pathname);
  }, [m, confirm, connect]);

  function paypal(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    choose.mutate({ kind: 'paypal', paypal_receiver: String(new FormData(e.currentTarget).get('paypal_receiver') || '') });
  }
  function stripe(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    connect.mutate({ country: String(new FormData(e.currentTarget).get('country') || '') });
  }

  return (
    <Card title="How you get paid">
      {m && (
        <p className="text-sm" data-testid="payout-method">
          <span className="mr-2">{KIND[m.kind]}</span>
          <Badge value={m.state} />
          {m.paypal_receiver && <span className="ml-2 text-slate-600">{m.paypal_receiver}</span>}
          {m.state_reason && <span className="mt-1 block text-xs text-amber-700">{m.state_reason}</span>}
        </p>
      )}
      {sent && (
        <p role="status" className="mt-2 text-sm text-slate-700">
          Confirmation sent to {sent.includes('@') ? sent : 'your e-mail'}: open the link in it to start receiving PayPal payouts.
        </p>
      )}
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        <div className="space-y-2 text-sm">
          <p className="font-medium">Manual</p>
          <p className="text-slate-600">The program pays you by hand.</p>
          <Button tone="secondary" disabled={choose.isPending || m?.kind === 'manual'} onClick={() => choose.mutate({ kind: 'manual' })}>Use manual</Button>
        </div>
        <form onSubmit={paypal} aria-label="PayPal" className="space-y-2 text-sm">
          <label className="block font-medium">PayPal e-mail or payer id<input name="paypal_receiver" required maxLength={254} defaultValue={m?.paypal_receiver ?? ''} className={inputCls} /></label>
          <Button disabled={choose.isPending}>Use PayPal</Button>
        </form>
        <form onSubmit={stripe} aria-label="Stripe" className="space-y-2 text-sm">
          <label className="block font-medium">Country (two letters)<input name="country" required pattern="[A-Za-z]{2}" maxLength={2} defaultValue={m?.country ?? ''} readOnly={Boolean(m?.stripe_account_id)} className={inputCls} /></label>
          <Button disabled={connect.isPending}>{m?.kind === 'stripe_connect' ? 'Continue with Stripe' : 'Connect Stripe'}</Button>
        </form>
      </div>
      <ErrorNote error={choose.error ?? confirm.error ?? connect.error} />
    </Card>
  );
}
