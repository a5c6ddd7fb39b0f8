'use client';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { useTRPC } from '../../_components/providers';
import { Button, Card, ErrorNote, inputCls, money } from '../../_components/ui';
import type { AppRouter } from '@/server/routers/root';

export type PayoutRow = inferRouterOutputs<AppRouter>['payouts']['list']['data'][number];

const REFERENCE_MAX = 200;

/** "USD 12.00 + EUR 5.00": the total of each currency, never one sum across currencies. */
export function totalsByCurrency(rows: Pick<PayoutRow, 'amount' | 'currency'>[]) {
  return Object.entries(rows.reduce<Record<string, number>>((t, r) => ({ ...t, [r.currency]: (t[r.currency] ?? 0) + r.amount }), {}))
    .map(([currency, amount]) => money(amount, currency))
    .join(' + ');
}

/** Where the money goes for a manual payout: the affiliate's payout e-mail, else the sign-in e-mail. */
function PayoutEmail({ affiliateId }: { affiliateId: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.affiliates.get.queryOptions({ id: affiliateId }));
  const a = q.data?.data;
  if (!a) return <span className="text-slate-500">{q.isError ? 'unknown' : '…'}</span>;
  return <span data-testid="payout-email">{a.payout_email ?? a.email ?? 'no e-mail on file'}</span>;
}

/**
 * The step before marking payouts paid (POST /v1/payouts/{id}/status or /v1/payouts/bulk-status):
 * whom and how much, and the reference of the payment (PayPal transaction id, bank reference)
 * kept on each payout. Marked by mistake? Undo works for 24 hours.
 */
export function MarkPaid({ rows, nameOf, onDone }: { rows: PayoutRow[]; nameOf: (id: string) => string; onDone: (text: string | null) => void }) {
  const trpc = useTRPC();
  const [reference, setReference] = useState('');
  const done = (n: number) => onDone(`${n === 1 ? `Payout of ${money(rows[0].amount, rows[0].currency)}` : `${n} payouts`} marked paid${reference.trim() ? ` (reference ${reference.trim()})` : ''}.`);
  const one = useMutation(trpc.payouts.setStatus.mutationOptions({ onSuccess: () => done(1) }));
  const many = useMutation(trpc.payouts.bulkStatus.mutationOptions({ onSuccess: (r) => done(r.data.length) }));
  const busy = one.isPending || many.isPending;
  const ref = reference.trim() ? { reference: reference.trim() } : {};
  const single = rows.length === 1 ? rows[0] : null;
  function confirm() {
    if (single) one.mutate({ id: single.id, status: 'paid', ...ref });
    else many.mutate({ ids: rows.map((r) => r.id), status: 'paid', ...ref });
  }
  return (
    <div role="dialog" aria-modal="false" aria-labelledby="mark-paid-title">
      <Card>
        <h2 id="mark-paid-title" className="mb-3 font-semibold">
          {single ? 'Mark this payout paid?' : `Mark ${rows.length} payouts paid?`}
        </h2>
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            confirm();
          }}
        >
          {single ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-600">Affiliate</dt>
              <dd>{nameOf(single.affiliate_id)}</dd>
              <dt className="text-slate-600">Amount</dt>
              <dd data-testid="confirm-amount">{money(single.amount, single.currency)}</dd>
              <dt className="text-slate-600">Payout e-mail</dt>
              <dd className="break-all"><PayoutEmail affiliateId={single.affiliate_id} /></dd>
            </dl>
          ) : (
            <p className="text-sm" data-testid="confirm-totals">
              {rows.length} payouts, {totalsByCurrency(rows)}. Their commissions become paid.
            </p>
          )}
          <label className="block text-sm">
            Reference (optional)
            <input
              className={inputCls}
              name="reference"
              value={reference}
              maxLength={REFERENCE_MAX}
              placeholder="PayPal transaction id, bank reference…"
              onChange={(e) => setReference(e.target.value)}
            />
          </label>
          <p className="text-xs text-slate-600">Only once the money has left: a payout marked paid by mistake can be set back to pending for 24 hours.</p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {single ? 'Confirm paid' : `Confirm ${rows.length} paid`}
            </Button>
            <Button type="button" tone="secondary" onClick={() => onDone(null)}>
              Cancel
            </Button>
          </div>
          <ErrorNote error={one.error ?? many.error} />
        </form>
      </Card>
    </div>
  );
}
