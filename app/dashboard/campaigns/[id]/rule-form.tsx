'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../../_components/providers';
import { minorToDecimal } from '@/server/model/money';
import { Field, FieldError, FormError, useFieldErrors } from '../../../_components/forms';
import { amountOrProblem, Button, inputCls, useProgramCurrency } from '../../../_components/ui';
import { setCommissionRuleInput } from '@/server/routers/commission-rules/set-commission-rule.types';
import { ProductPicker, splitIds } from './product-picker';
import { INTERVALS, KINDS, type Interval, type Product, type Rule, type RuleChange } from './rule-text';

type Applies = Rule['applies_to_interval'];

/**
 * Adds a rule, or edits one (`rule` set). A PUT upserts by kind and scope, so an edit keeps the
 * rule's kind and scope fixed: changing them would add a second rule rather than move this one.
 */
export function RuleForm({ campaignId, rule, catalog, onSaved, onCancel }: {
  campaignId: string;
  rule: Rule | null;
  catalog: Product[];
  onSaved: () => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const rewards = useQuery(trpc.rewards.list.queryOptions({ limit: 100 }));
  const catalogIds = new Set(catalog.map((p) => p.provider_product_id));
  const [kind, setKind] = useState<Rule['kind']>(rule?.kind ?? 'default');
  const [picked, setPicked] = useState<Set<string>>(new Set(rule?.product_ids.filter((id) => catalogIds.has(id))));
  const [otherIds, setOtherIds] = useState((rule?.product_ids ?? []).filter((id) => !catalogIds.has(id)).join(', '));
  const [applies, setApplies] = useState<Applies>(rule?.applies_to_interval ?? 'any');
  const [flat, setFlat] = useState(rule?.is_flat ?? false);
  const programCurrency = useProgramCurrency();
  const currency = rule?.currency ?? programCurrency;
  const [amount, setAmount] = useState(rule ? (rule.is_flat ? minorToDecimal(rule.amount, rule.currency ?? programCurrency) : String(rule.amount)) : '');
  const [length, setLength] = useState<Rule['length_type']>(rule?.length_type ?? 'one_time');
  const [months, setMonths] = useState(String(rule?.length_months ?? 12));
  const [name, setName] = useState(rule?.name ?? '');
  const set = useMutation(
    trpc.commissionRules.set.mutationOptions({
      onSuccess: () => {
        if (!rule) { setAmount(''); setName(''); setPicked(new Set()); setOtherIds(''); }
        onSaved();
        return qc.invalidateQueries({ queryKey: trpc.commissionRules.get.queryKey({ id: campaignId }) });
      },
    }),
  );
  const fields = useFieldErrors(setCommissionRuleInput, set.error);
  const editing = rule !== null;
  // The scope fields a PUT upserts by (an edit sends the rule's own); the library reward path too.
  const scope = (): Pick<RuleChange, 'kind' | 'product_ids' | 'applies_to_interval'> => ({
    kind,
    ...(kind === 'product' ? { product_ids: rule ? rule.product_ids : [...picked, ...splitIds(otherIds)] } : {}),
    ...(kind === 'interval' || applies !== 'any' ? { applies_to_interval: applies } : {}),
  });
  function chooseKind(next: Rule['kind']) {
    setKind(next);
    // An interval rule needs an interval; the others start out covering every interval again.
    setApplies(next === 'interval' ? 'month' : 'any');
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    const flatAmount = flat ? amountOrProblem('Amount per sale', amount, currency) : null;
    const n = flatAmount ? (flatAmount.minor ?? NaN) : amount.trim() === '' ? NaN : Number(amount);
    const problem = flatAmount?.problem ?? (flat || Number.isFinite(n) ? null : 'Percent: enter a number, like 25.');
    // Every field's problem at once: the amount's own, and the contract's on the rest.
    const input = {
      id: campaignId,
      ...scope(),
      ...(name.trim() ? { name: name.trim() } : {}),
      is_flat: flat,
      amount: n,
      length_type: length,
      ...(length === 'limited' ? { length_months: Number(months) } : {}),
    };
    if (fields.check({ ...input, amount: problem ? 1 : input.amount }, { amount: problem })) set.mutate(input);
  }
  return (
    <div className="mt-4 rounded border p-3">
      <h3 className="mb-2 text-sm font-semibold">{editing ? `Edit rule: ${rule.name}` : 'Add or replace a rule'}</h3>
      <form onSubmit={submit} aria-label={editing ? 'Edit rule' : 'Set rate'} noValidate className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <label className="text-sm">
          Rule applies to
          <select value={kind} disabled={editing} onChange={(e) => chooseKind(e.target.value as Rule['kind'])} className={inputCls}>
            {(Object.keys(KINDS) as Rule['kind'][]).map((k) => <option key={k} value={k}>{k === 'default' ? 'Every sale (catch-all)' : k === 'product' ? 'Chosen products' : 'A billing interval'}</option>)}
          </select>
        </label>
        {kind === 'product' && (
          <ProductPicker catalog={catalog} picked={picked} onPick={setPicked} otherIds={otherIds} onOtherIds={setOtherIds} disabled={editing} />
        )}
        <label className="text-sm">
          {kind === 'interval' ? 'Billing interval' : 'Only for billing interval'}
          <select value={applies} disabled={editing && kind === 'interval'} onChange={(e) => setApplies(e.target.value as Applies)} className={inputCls}>
            {kind !== 'interval' && <option value="any">Any</option>}
            {(Object.keys(INTERVALS) as Interval[]).map((i) => <option key={i} value={i}>{INTERVALS[i]}</option>)}
          </select>
        </label>
        <label className="text-sm">
          Rate type
          <select value={flat ? 'flat' : 'percent'} onChange={(e) => setFlat(e.target.value === 'flat')} className={inputCls}>
            <option value="percent">Percent of sale</option>
            <option value="flat">Flat amount</option>
          </select>
        </label>
        <Field label={flat ? `Amount per sale (${currency.toUpperCase()})` : 'Percent'} unit={flat ? null : '%'} fields={fields} name="amount">
          {(id) => (
            <input id={id} value={amount} onChange={(e) => setAmount(e.target.value)} required inputMode="decimal" placeholder={flat ? undefined : '25'} {...fields.describe('amount')} className={`${inputCls} ${flat ? '' : 'pr-8'}`} />
          )}
        </Field>
        <label className="text-sm">
          Paid on
          <select value={length} onChange={(e) => setLength(e.target.value as Rule['length_type'])} className={inputCls}>
            <option value="one_time">The first payment only</option>
            <option value="limited">Payments in the first months</option>
            <option value="lifetime">Every payment (lifetime)</option>
          </select>
        </label>
        {length === 'limited' && (
          <label className="text-sm">
            Months
            <input value={months} onChange={(e) => setMonths(e.target.value)} type="number" min={1} max={1200} required {...fields.describe('length_months')} className={inputCls} />
            <FieldError fields={fields} name="length_months" />
          </label>
        )}
        <label className="text-sm">
          Rule name (optional)
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} {...fields.describe('name')} className={inputCls} />
          <FieldError fields={fields} name="name" />
        </label>
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-3">
          <Button disabled={set.isPending}>Save rate</Button>
          {editing && <Button type="button" tone="secondary" onClick={onCancel}>Cancel</Button>}
        </div>
      </form>
      {(rewards.data?.data.length ?? 0) > 0 && (
        <label className="mt-3 block text-sm">
          Or apply a library reward to {editing ? 'this rule' : 'the rule chosen above'}
          <select value="" onChange={(e) => { if (e.target.value) set.mutate({ id: campaignId, library_reward_id: e.target.value, ...scope() }); }} className={inputCls}>
            <option value="">Choose a reward…</option>
            {rewards.data?.data.map((r) => <option key={r.id} value={r.id}>{r.name}</option>)}
          </select>
        </label>
      )}
      <FieldError fields={fields} name="product_ids" />
      <FormError fields={fields} shown={['amount', 'length_months', 'name', 'product_ids']} />
    </div>
  );
}
