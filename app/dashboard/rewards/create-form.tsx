'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { Field, FieldError, FormError, useFieldErrors } from '../../_components/forms';
import { amountOrProblem, Button, Card, inputCls, useProgramCurrency } from '../../_components/ui';
import { createRewardInput } from '@/server/routers/rewards/create-reward.types';
import { LENGTHS, type LengthType } from './terms';

export function CreateForm() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [flat, setFlat] = useState(false);
  const [length, setLength] = useState<LengthType>('one_time');
  const [done, setDone] = useState<string | null>(null);
  const currency = useProgramCurrency();
  const create = useMutation(
    trpc.rewards.create.mutationOptions({
      onSuccess: (r) => {
        setDone(`Added ${r.data.name}.`);
        return qc.invalidateQueries({ queryKey: trpc.rewards.list.queryKey() });
      },
    }),
  );
  const fields = useFieldErrors(createRewardInput, create.error);
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const flatAmount = flat ? amountOrProblem('Amount', String(f.get('amount')), currency) : null;
    const typed = String(f.get('amount') ?? '').trim();
    const n = flatAmount ? (flatAmount.minor ?? NaN) : typed === '' ? NaN : Number(typed);
    const problem = flatAmount?.problem ?? (flat || Number.isFinite(n) ? null : 'Percent: enter a number, like 25.');
    const description = String(f.get('description') || '');
    setDone(null);
    const input = {
        name: String(f.get('name')),
        type: f.get('type') === 'non_cash' ? ('non_cash' as const) : ('cash' as const),
        terms: {
          is_flat: flat,
          amount: n,
          length_type: length,
          ...(length === 'limited' ? { length_months: Number(f.get('length_months')) } : {}),
          ...(description ? { description } : {}),
        },
      };
    // Every field's problem at once: the amount's own, and the contract's on the rest.
    if (fields.check({ ...input, terms: { ...input.terms, amount: problem ? 1 : n } }, { 'terms.amount': problem }))
      create.mutate(input, { onSuccess: () => form.reset() });
  }
  return (
    <Card title="Add a reward">
      <form onSubmit={submit} aria-label="Add reward" noValidate className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          Reward name
          <input name="name" required {...fields.describe('name')} className={inputCls} />
          <FieldError fields={fields} name="name" />
        </label>
        <label className="text-sm">
          Type
          <select name="type" className={inputCls} defaultValue="cash">
            <option value="cash">cash</option>
            <option value="non_cash">non cash</option>
          </select>
        </label>
        <label className="text-sm">
          Rate type
          <select value={flat ? 'flat' : 'percent'} onChange={(e) => setFlat(e.target.value === 'flat')} className={inputCls}>
            <option value="percent">percent</option>
            <option value="flat">flat amount</option>
          </select>
        </label>
        <Field label={flat ? `Amount (${currency.toUpperCase()})` : 'Percent'} unit={flat ? null : '%'} fields={fields} name="terms.amount">
          {(id) => (
            <input id={id} name="amount" required inputMode="decimal" placeholder={flat ? undefined : '25'} {...fields.describe('terms.amount')} className={`${inputCls} w-28 ${flat ? '' : 'pr-8'}`} />
          )}
        </Field>
        <label className="text-sm">
          Length
          <select value={length} onChange={(e) => setLength(e.target.value as LengthType)} className={inputCls}>
            {LENGTHS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </label>
        {length === 'limited' && (
          <label className="text-sm">
            Months
            <input name="length_months" type="number" min={1} max={1200} required defaultValue={12} {...fields.describe('terms.length_months')} className={`${inputCls} w-24`} />
            <FieldError fields={fields} name="terms.length_months" />
          </label>
        )}
        <label className="text-sm">
          Description
          <input name="description" maxLength={1000} {...fields.describe('terms.description')} className={inputCls} />
          <FieldError fields={fields} name="terms.description" />
        </label>
        <Button disabled={create.isPending}>{create.isPending ? 'Adding…' : 'Add reward'}</Button>
        <div className="w-full" aria-live="polite">
          {done && <p className="text-sm text-emerald-700">{done}</p>}
          <FormError fields={fields} shown={['name', 'terms.amount', 'terms.length_months', 'terms.description']} />
        </div>
      </form>
    </Card>
  );
}
