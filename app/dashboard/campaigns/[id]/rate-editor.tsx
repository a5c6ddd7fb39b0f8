'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../../_components/providers';
import { Button, Card, ErrorNote, QueryState, inputCls, money } from '../../../_components/ui';

/** The campaign's catch-all rate: typed in, or copied from the reward library; with a live preview. */
export function RateEditor({ campaignId, canWrite }: { campaignId: string; canWrite: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const rule = useQuery(trpc.commissionRules.get.queryOptions({ id: campaignId }));
  const rewards = useQuery(trpc.rewards.list.queryOptions({ limit: 100 }));
  const [flat, setFlat] = useState(false);
  const [amount, setAmount] = useState('');
  const [sale, setSale] = useState('100');
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.commissionRules.get.queryKey({ id: campaignId }) });
  const set = useMutation(trpc.commissionRules.set.mutationOptions({ onSuccess: refresh }));
  const current = rule.data?.data;
  function submit(e: FormEvent) {
    e.preventDefault();
    const n = Number(amount);
    set.mutate({ id: campaignId, kind: 'default', is_flat: flat, amount: flat ? Math.round(n * 100) : n, length_type: 'one_time' });
  }
  const saleMinor = Math.round(Number(sale) * 100) || 0;
  const preview = current ? (current.is_flat ? current.amount : Math.round((saleMinor * current.amount) / 100)) : 0;
  return (
    <Card title="Commission rate">
      <QueryState q={rule}>
        <p className="text-sm" data-testid="current-rate">
          {current ? (
            <>Current rate: <strong>{current.is_flat ? money(current.amount, current.currency ?? 'usd') : `${current.amount}%`}</strong> ({current.length_type.replace('_', ' ')})</>
          ) : (
            'No rate yet: sales earn nothing until you set one.'
          )}
        </p>
        {current && (
          <label className="mt-2 block text-sm">
            Preview: a sale of
            <input value={sale} onChange={(e) => setSale(e.target.value)} inputMode="decimal" className={`${inputCls} inline-block w-28`} />
            <span className="ml-2">earns <strong>{money(preview)}</strong></span>
          </label>
        )}
      </QueryState>
      {canWrite && (
        <>
          <form onSubmit={submit} aria-label="Set rate" className="mt-4 flex flex-wrap items-end gap-3">
            <label className="text-sm">
              Rate type
              <select value={flat ? 'flat' : 'percent'} onChange={(e) => setFlat(e.target.value === 'flat')} className={inputCls}>
                <option value="percent">Percent of sale</option>
                <option value="flat">Flat amount</option>
              </select>
            </label>
            <label className="text-sm">
              {flat ? 'Amount per sale' : 'Percent'}
              <input value={amount} onChange={(e) => setAmount(e.target.value)} required inputMode="decimal" className={inputCls} />
            </label>
            <Button disabled={set.isPending}>Save rate</Button>
          </form>
          {(rewards.data?.data.length ?? 0) > 0 && (
            <label className="mt-3 block text-sm">
              Or apply a library reward
              <select defaultValue="" onChange={(e) => e.target.value && set.mutate({ id: campaignId, library_reward_id: e.target.value })} className={inputCls}>
                <option value="">Choose a reward…</option>
                {rewards.data?.data.map((r) => <option key={r.id} value={r.id}>{r.name}</option>)}
              </select>
            </label>
          )}
          <ErrorNote error={set.error} />
        </>
      )}
    </Card>
  );
}
