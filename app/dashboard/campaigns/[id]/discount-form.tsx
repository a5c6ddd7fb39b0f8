'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState, type FormEvent } from 'react';
import { minorToDecimal } from '@/server/model/money';
import type { AppRouter } from '@/server/routers/root';
import { useTRPC } from '../../../_components/providers';
import { useToast } from '../../../_components/toast';
import { Field } from '../../../_components/forms';
import { Button, Card, ErrorNote, amountOrProblem, inputCls, money, useProgramCurrency } from '../../../_components/ui';

type Campaign = inferRouterOutputs<AppRouter>['campaigns']['get']['data'];
type Kind = 'none' | 'percent' | 'amount';
type Duration = 'once' | 'repeating' | 'forever';

/** One line for the discount as it stands, e.g. "10% off, 3 months" or "$5.00 off, once". */
function describe(d: NonNullable<Campaign['customer_discount']>) {
  const off = d.type === 'percent' ? `${d.amount}% off` : `${money(d.amount, d.currency ?? 'usd')} off`;
  const how = d.duration === 'repeating' ? `${d.duration_months} months` : d.duration === 'forever' ? 'forever' : 'the first payment';
  return `${off}, ${how}`;
}

/**
 * The customer's side of the program (docs/codes.md#the-campaign-discount): what the affiliates'
 * coupon codes give, and whether a typed code beats a click. Setting a discount gives the
 * campaign's active affiliates their codes.
 */
export function DiscountForm({ c, canWrite }: { c: Campaign; canWrite: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const programCurrency = useProgramCurrency();
  const d = c.customer_discount;
  const [kind, setKind] = useState<Kind>(d?.type ?? 'none');
  const [amount, setAmount] = useState(d ? (d.type === 'percent' ? String(d.amount) : minorToDecimal(d.amount, d.currency ?? 'usd')) : '');
  const [currency, setCurrency] = useState(d?.currency ?? programCurrency);
  const [duration, setDuration] = useState<Duration>(d?.duration ?? 'once');
  const [months, setMonths] = useState(String(d?.duration_months ?? 3));
  const [precedence, setPrecedence] = useState(c.code_precedence);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useMutation(
    trpc.campaigns.update.mutationOptions({
      onSuccess: () => {
        toast('Discount saved.');
        return qc.invalidateQueries({ queryKey: trpc.campaigns.pathKey() });
      },
    }),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    setProblem(null);
    let discount = null;
    if (kind !== 'none') {
      let value: number;
      if (kind === 'percent') {
        value = Number(amount);
        if (!(value > 0 && value <= 100)) return setProblem('Percentage: above 0 and at most 100.');
      } else {
        const parsed = amountOrProblem('Amount', amount, currency.toLowerCase());
        if (parsed.problem !== null) return setProblem(parsed.problem);
        value = parsed.minor;
      }
      discount = {
        type: kind,
        amount: value,
        duration,
        ...(kind === 'amount' ? { currency: currency.toLowerCase() } : {}),
        ...(duration === 'repeating' ? { duration_months: Number(months) } : {}),
      };
    }
    update.mutate({ id: c.id, customer_discount: discount, code_precedence: precedence });
  }
  return (
    <Card title="Customer discount and coupon codes">
      <p className="mb-3 text-sm text-slate-600" data-testid="discount-summary">
        {d ? `Codes give ${describe(d)}.` : 'No discount: codes credit their affiliate but take nothing off.'}
      </p>
      <form onSubmit={submit} aria-label="Customer discount" className="grid gap-4 sm:grid-cols-3">
        <fieldset disabled={!canWrite} className="contents">
          <label className="text-sm">
            Discount
            <select name="discount_type" value={kind} onChange={(e) => setKind(e.target.value as Kind)} className={inputCls}>
              <option value="none">None</option>
              <option value="percent">Percentage off</option>
              <option value="amount">Amount off</option>
            </select>
          </label>
          {kind !== 'none' && (
            <Field label={kind === 'percent' ? 'Percent' : 'Amount'} unit={kind === 'percent' ? '%' : null}>
              {(id) => (
                <input id={id} name="discount_amount" value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" required placeholder={kind === 'percent' ? '10' : '5.00'} className={`${inputCls} ${kind === 'percent' ? 'pr-8' : ''}`} />
              )}
            </Field>
          )}
          {kind === 'amount' && (
            <label className="text-sm">
              Currency
              <input name="discount_currency" value={currency} onChange={(e) => setCurrency(e.target.value)} required minLength={3} maxLength={3} className={`${inputCls} uppercase`} />
            </label>
          )}
          {kind !== 'none' && (
            <label className="text-sm">
              Applies to
              <select name="discount_duration" value={duration} onChange={(e) => setDuration(e.target.value as Duration)} className={inputCls}>
                <option value="once">The first payment</option>
                <option value="repeating">A number of months</option>
                <option value="forever">Every payment</option>
              </select>
            </label>
          )}
          {kind !== 'none' && duration === 'repeating' && (
            <label className="text-sm">
              Months
              <input name="discount_months" type="number" min={1} max={36} required value={months} onChange={(e) => setMonths(e.target.value)} className={inputCls} />
            </label>
          )}
          <label className="text-sm sm:col-span-3">
            When a customer clicked a link and typed a code
            <select name="code_precedence" value={precedence} onChange={(e) => setPrecedence(e.target.value as Campaign['code_precedence'])} className={`${inputCls} sm:w-96`}>
              <option value="click">The click inside the cookie window wins</option>
              <option value="code">The code wins</option>
            </select>
          </label>
        </fieldset>
        {canWrite && (
          <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
            <Button disabled={update.isPending}>{update.isPending ? 'Saving…' : 'Save discount'}</Button>
            {problem && <p role="alert" className="text-sm text-red-700">{problem}</p>}
            <ErrorNote error={update.error} />
          </div>
        )}
      </form>
      <p className="mt-3 text-xs text-slate-500">Setting a discount gives every active affiliate of the campaign a code made from its ref code; the codes are then created in your connected Stripe or Paddle account.</p>
    </Card>
  );
}
