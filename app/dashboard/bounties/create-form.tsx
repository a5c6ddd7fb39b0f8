'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { FieldError, FormError, useFieldErrors } from '../../_components/forms';
import { amountOrProblem, Button, Card, inputCls, useProgramCurrency } from '../../_components/ui';
import { createBountyInput } from '@/server/routers/bounties/create-bounty.types';
import { BOUNTY_METRICS, BOUNTY_PERIODS } from '@/server/model/enums';

const MONEY_METRICS = new Set(['revenue', 'commissions']);

// A new bounty (docs/groups-bounties-recruiters.md#bounties): a reward for approved proof, or for
// reaching a total of one metric in a period.
export function CreateForm() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const currency = useProgramCurrency();
  const [type, setType] = useState<'submission' | 'performance'>('submission');
  const [metric, setMetric] = useState<(typeof BOUNTY_METRICS)[number]>('sales');
  const [done, setDone] = useState<string | null>(null);
  const create = useMutation(
    trpc.bounties.create.mutationOptions({
      onSuccess: (r) => {
        setDone(`Added ${r.data.name}.`);
        return qc.invalidateQueries({ queryKey: trpc.bounties.list.queryKey() });
      },
    }),
  );
  const fields = useFieldErrors(createBountyInput, create.error);
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const reward = amountOrProblem('Reward', String(f.get('reward') ?? ''), currency);
    const targetText = String(f.get('target') ?? '').trim();
    const moneyTarget = type === 'performance' && MONEY_METRICS.has(metric) ? amountOrProblem('Target', targetText, currency) : null;
    const target = moneyTarget ? (moneyTarget.minor ?? NaN) : Number(targetText);
    const description = String(f.get('description') || '').trim();
    setDone(null);
    const input = {
      name: String(f.get('name') ?? ''),
      type,
      reward_amount: reward.minor ?? 1,
      period: String(f.get('period')) as (typeof BOUNTY_PERIODS)[number],
      ...(description ? { description } : {}),
      ...(type === 'performance' ? { metric, target: moneyTarget?.problem ? 1 : target } : {}),
    };
    if (fields.check(input, { reward_amount: reward.problem, target: moneyTarget?.problem ?? null })) create.mutate(input, { onSuccess: () => form.reset() });
  }
  return (
    <Card title="Add a bounty">
      <form onSubmit={submit} aria-label="Add bounty" noValidate className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          Bounty name
          <input name="name" required maxLength={200} {...fields.describe('name')} className={inputCls} />
          <FieldError fields={fields} name="name" />
        </label>
        <label className="text-sm">
          Type
          <select value={type} onChange={(e) => setType(e.target.value as typeof type)} className={inputCls}>
            <option value="submission">submission (approved proof)</option>
            <option value="performance">performance (reach a total)</option>
          </select>
        </label>
        {type === 'performance' && (
          <>
            <label className="text-sm">
              Metric
              <select value={metric} onChange={(e) => setMetric(e.target.value as typeof metric)} className={inputCls}>
                {BOUNTY_METRICS.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-sm">
              Target{MONEY_METRICS.has(metric) ? ` (${currency.toUpperCase()})` : ''}
              <input name="target" required inputMode={MONEY_METRICS.has(metric) ? 'decimal' : 'numeric'} {...fields.describe('target')} className={`${inputCls} w-28`} />
              <FieldError fields={fields} name="target" />
            </label>
          </>
        )}
        <label className="text-sm">
          Reward ({currency.toUpperCase()})
          <input name="reward" required inputMode="decimal" {...fields.describe('reward_amount')} className={`${inputCls} w-28`} />
          <FieldError fields={fields} name="reward_amount" />
        </label>
        <label className="text-sm">
          Period
          <select name="period" defaultValue="all_time" className={inputCls}>
            <option value="all_time">once</option>
            <option value="month">once a month</option>
            <option value="week">once a week</option>
          </select>
        </label>
        <label className="text-sm">
          Description
          <input name="description" maxLength={1000} {...fields.describe('description')} className={inputCls} />
          <FieldError fields={fields} name="description" />
        </label>
        <Button disabled={create.isPending}>{create.isPending ? 'Adding…' : 'Add bounty'}</Button>
        <div className="w-full" aria-live="polite">
          {done && <p className="text-sm text-emerald-700">{done}</p>}
          <FormError fields={fields} shown={['name', 'reward_amount', 'target', 'description']} />
        </div>
      </form>
    </Card>
  );
}
