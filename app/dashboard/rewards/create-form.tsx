'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { amountOrProblem, Button, Card, ErrorNote, inputCls, useProgramCurrency } from '../../_components/ui';
import { LENGTHS, type LengthType } from './terms';

export function CreateForm() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [flat, setFlat] = useState(false);
  const [length, setLength] = useState<LengthType>('one_time');
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const currency = useProgramCurrency();
  const create = useMutation(
    trpc.rewards.create.mutationOptions({
      onSuccess: (r) => {
        setDone(`Added ${r.data.name}.`);
        return qc.invalidateQueries({ queryKey: trpc.rewards.list.queryKey() });
      },
    }),
  );
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const flatAmount = flat ? amountOrProblem('Amount', String(f.get('amount')), currency) : null;
    const n = flatAmount ? flatAmount.minor : Number(f.get('amount'));
    setProblem(flatAmount?.problem ?? null);
    if (n === null) return;
    const description = String(f.get('description') || '');
    setDone(null);
    create.mutate(
      {
        name: String(f.get('name')),
        type: f.get('type') === 'non_cash' ? 'non_cash' : 'cash',
        terms: {
          is_flat: flat,
          amount: n,
          length_type: length,
          ...(length === 'limited' ? { length_months: Number(f.get('length_months')) } : {}),
          ...(description ? { description } : {}),
        },
      },
      { onSuccess: () => form.reset() },
    );
  }
  return (
    <Card title="Add a reward">
      <form onSubmit={submit} aria-label="Add reward" className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          Reward name
          <input name="name" required className={inputCls} />
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
        <label className="text-sm">
          {flat ? `Amount (${currency.toUpperCase()})` : 'Percent'}
          <input name="amount" required inputMode="decimal" className={`${inputCls} w-28`} />
        </label>
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
            <input name="length_months" type="number" min={1} max={1200} required defaultValue={12} className={`${inputCls} w-24`} />
          </label>
        )}
        <label className="text-sm">
          Description
          <input name="description" maxLength={1000} className={inputCls} />
        </label>
        <Button disabled={create.isPending}>{create.isPending ? 'Adding…' : 'Add reward'}</Button>
        <div className="w-full" aria-live="polite">
          {done && <p className="text-sm text-emerald-700">{done}</p>}
          {problem && <p role="alert" className="text-sm text-red-700">{problem}</p>}
          <ErrorNote error={create.error} />
        </div>
      </form>
    </Card>
  );
}
