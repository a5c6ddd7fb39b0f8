'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../../_components/providers';
import { Button, Card, ErrorNote, inputCls, money } from '../../../_components/ui';
import { minorToDecimal, parseMoney } from '@/server/model/money';
import type { AppRouter } from '@/server/routers/root';
import { commissionsOf, liveTotal } from './commissions';

type Conversion = inferRouterOutputs<AppRouter>['conversions']['get']['data'];
type Reason = 'refund' | 'chargeback';

// The input is in major units of the sale's currency (what a person reads on a receipt); the API
// takes minor units: server/lib/money.ts converts both ways exactly.

/**
 * Records a (partial) refund or a chargeback. The API's amount is the total refunded so far, so
 * the form asks for "this refund" and sends the new total: a double submit or a retry then
 * cannot refund twice.
 */
export function RefundForm({ c }: { c: Conversion }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const left = c.amount - c.refunded_amount;
  const [amount, setAmount] = useState(minorToDecimal(left, c.currency));
  const [reason, setReason] = useState<Reason>('refund');
  const [asking, setAsking] = useState<{ minor: number; reason: Reason; commissionsBefore: number } | null>(null);
  const [done, setDone] = useState<{ text: string; commissionsBefore: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const ledger = useQuery(trpc.commissions.list.queryOptions(commissionsOf(c.id)));
  const commissionsNow = liveTotal(ledger.data?.data ?? []);
  const refund = useMutation(trpc.conversions.refund.mutationOptions());

  if (c.type === 'lead') return null; // a lead carries no payment; its status is changed below
  const chargeback = reason === 'chargeback';

  function review(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setDone(null);
    const parsed = chargeback ? ({ ok: true, minor: left } as const) : parseMoney(amount, c.currency);
    const minor = parsed.ok ? parsed.minor : 0;
    if (!(minor > 0 && minor <= left)) return setProblem(`Enter an amount between ${money(1, c.currency)} and ${money(left, c.currency)}${parsed.ok ? '' : ` (${parsed.reason})`}.`);
    setProblem(null);
    setAsking({ minor, reason, commissionsBefore: commissionsNow });
  }

  function confirm() {
    if (!asking) return;
    const total = Math.min(c.refunded_amount + asking.minor, c.amount);
    refund.mutate(
      { id: c.id, amount: total, reason: asking.reason },
      {
        onSuccess: async (r) => {
          const d = r.data;
          // Refetch first, so the result and the commission totals appear together and current.
          await Promise.all([qc.invalidateQueries({ queryKey: trpc.conversions.pathKey() }), qc.invalidateQueries({ queryKey: trpc.commissions.pathKey() })]);
          setAsking(null);
          setAmount(minorToDecimal(d.amount - d.refunded_amount, d.currency));
          setDone({
            text: `${asking.reason === 'chargeback' ? 'Chargeback recorded' : `Refunded ${money(asking.minor, c.currency)}`}: ${money(d.refunded_amount, d.currency)} of ${money(d.amount, d.currency)} refunded, status ${d.status}.`,
            commissionsBefore: asking.commissionsBefore,
          });
        },
      },
    );
  }

  const currencyOfLedger = ledger.data?.data[0]?.currency ?? c.currency;
  return (
    <Card title="Refund">
      {left <= 0 ? (
        <p className="text-sm text-slate-600">Fully refunded: nothing left to refund.</p>
      ) : (
        <form onSubmit={review} aria-label="Refund this conversion" className="flex flex-wrap items-end gap-3">
          <label className="text-sm">
            Amount to refund ({c.currency.toUpperCase()})
            <input name="amount" inputMode="decimal" required={!chargeback} disabled={chargeback || !!asking}
              value={chargeback ? minorToDecimal(left, c.currency) : amount} onChange={(e) => setAmount(e.target.value)} aria-describedby="refund-left" className={inputCls} />
          </label>
          <label className="text-sm">
            Reason
            <select value={reason} disabled={!!asking} onChange={(e) => setReason(e.target.value as Reason)} className={inputCls}>
              <option value="refund">refund</option>
              <option value="chargeback">chargeback</option>
            </select>
          </label>
          {!asking && <Button>Refund…</Button>}
          <p id="refund-left" className="w-full text-xs text-slate-500">
            {money(left, c.currency)} left of {money(c.amount, c.currency)}. {chargeback ? 'A chargeback reverses the whole sale.' : 'Commissions shrink in proportion; the full amount reverses them.'}
          </p>
        </form>
      )}
      {asking && (
        <div className="mt-3 flex flex-wrap items-center gap-2" role="group" aria-label="Confirm refund">
          <span className="text-sm font-medium">
            {asking.reason === 'chargeback'
              ? `Record a chargeback on the whole ${money(c.amount, c.currency)}? Its commissions are clawed back.`
              : `Refund ${money(asking.minor, c.currency)} of this ${money(c.amount, c.currency)} sale?`}
          </span>
          <Button tone="danger" disabled={refund.isPending} onClick={confirm}>{refund.isPending ? 'Refunding…' : 'Confirm refund'}</Button>
          <Button tone="secondary" type="button" disabled={refund.isPending} onClick={() => setAsking(null)}>Cancel</Button>
        </div>
      )}
      <div aria-live="polite" className="mt-2 text-sm">
        {done && (
          <p>
            {done.text} Commissions earned: {money(done.commissionsBefore, currencyOfLedger)} → {money(commissionsNow, currencyOfLedger)}.
          </p>
        )}
        {problem && <p role="alert" className="text-red-700">{problem}</p>}
        <ErrorNote error={refund.error} />
      </div>
    </Card>
  );
}
