'use client';
import { useMutation } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useEffect, useId, useRef, useState } from 'react';
import type { AppRouter } from '@/server/routers/root';
import { useTRPC } from '../../../_components/providers';
import { parseMoney } from '@/server/model/money';
import { ErrorNote, inputCls, money } from '../../../_components/ui';
import { INTERVALS, type Interval, type Product } from './rule-text';

type Answer = inferRouterOutputs<AppRouter>['commissionRules']['preview']['data'];

const DEBOUNCE_MS = 300;

/**
 * "What would this sale earn?", answered by the server's commission engine (the same code a
 * tracked sale runs), so product redirects, the catalog policy and rule lengths all count.
 * `rulesVersion` changes when the rules do, which asks again.
 */
export function RatePreview({ campaignId, catalog, currency, rulesVersion }: { campaignId: string; catalog: Product[]; currency: string; rulesVersion: number }) {
  const trpc = useTRPC();
  const { mutateAsync } = useMutation(trpc.commissionRules.preview.mutationOptions());
  const listId = useId();
  const [amount, setAmount] = useState('100');
  const [product, setProduct] = useState('');
  const [interval, setSaleInterval] = useState<Interval | ''>('');
  const [payment, setPayment] = useState('1');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<unknown>(null);
  const latest = useRef(0);
  const parsed = parseMoney(amount, currency);
  const minor = parsed.ok ? parsed.minor : 0;
  const periodIndex = Number(payment) - 1;
  const valid = parsed.ok && Number.isInteger(periodIndex) && periodIndex >= 0;

  useEffect(() => {
    if (!valid) return;
    const call = ++latest.current;
    const timer = setTimeout(() => {
      mutateAsync({
        id: campaignId,
        amount: minor,
        currency,
        ...(product.trim() ? { product_id: product.trim() } : {}),
        ...(interval ? { interval } : {}),
        period_index: periodIndex,
      })
        // Only the newest question's answer is shown, whatever order the answers arrive in.
        .then((r) => { if (call === latest.current) { setAnswer(r.data); setError(null); } })
        .catch((e: unknown) => { if (call === latest.current) { setAnswer(null); setError(e); } });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [valid, campaignId, minor, currency, product, interval, periodIndex, rulesVersion, mutateAsync]);

  return (
    <section aria-label="Preview a sale" className="mt-6 border-t pt-4">
      <h3 className="mb-2 text-sm font-semibold">What would a sale earn?</h3>
      <form onSubmit={(e) => e.preventDefault()} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <label className="text-sm">
          Sale amount ({currency.toUpperCase()})
          <input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" className={inputCls} />
        </label>
        <label className="text-sm">
          Sale product (catalog or any id)
          <input value={product} onChange={(e) => setProduct(e.target.value)} list={listId} placeholder="none" className={inputCls} />
          <datalist id={listId}>
            {catalog.map((p) => <option key={p.id} value={p.provider_product_id}>{p.name}</option>)}
          </datalist>
        </label>
        <label className="text-sm">
          Sale interval
          <select value={interval} onChange={(e) => setSaleInterval(e.target.value as Interval | '')} className={inputCls}>
            <option value="">Not given</option>
            {(Object.keys(INTERVALS) as Interval[]).map((i) => <option key={i} value={i}>{INTERVALS[i]}</option>)}
          </select>
        </label>
        <label className="text-sm">
          Customer&apos;s payment number
          <input value={payment} onChange={(e) => setPayment(e.target.value)} type="number" min={1} max={1201} className={inputCls} />
        </label>
      </form>
      <div aria-live="polite" className="mt-3 text-sm" data-testid="rate-preview">
        {!valid ? (
          <p className="text-slate-500">{parsed.ok ? 'Enter a payment number of 1 or more.' : `Sale amount: ${parsed.reason}.`}</p>
        ) : answer ? (
          answer.amount > 0 ? (
            <p>Earns <strong>{money(answer.amount, answer.currency)}</strong>, by the {answer.reason}.</p>
          ) : (
            <p>Earns <strong>nothing</strong>: {answer.reason}.</p>
          )
        ) : null}
      </div>
      <ErrorNote error={valid ? error : null} />
    </section>
  );
}
