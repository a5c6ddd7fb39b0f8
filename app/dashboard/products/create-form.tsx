'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { Button, Card, ErrorNote, focus, inputCls } from '../../_components/ui';
import { CampaignSelect, type Campaign } from './campaign-select';

export function CreateForm({ campaigns }: { campaigns: Campaign[] }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const create = useMutation(
    trpc.products.create.mutationOptions({
      onSuccess: (r) => {
        setDone(`Added ${r.data.name}.`);
        return qc.invalidateQueries({ queryKey: trpc.products.list.queryKey() });
      },
    }),
  );
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const campaign = String(f.get('campaign_id') || '');
    setDone(null);
    create.mutate(
      { provider_product_id: String(f.get('provider_product_id')), name: String(f.get('name')), commissionable: f.get('commissionable') === 'on', campaign_id: campaign || null },
      { onSuccess: () => form.reset() },
    );
  }
  return (
    <Card title="Add a product">
      <form onSubmit={submit} aria-label="Add product" className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          Provider product id
          <input name="provider_product_id" required maxLength={200} placeholder="prod_…" className={inputCls} />
        </label>
        <label className="text-sm">
          Product name
          <input name="name" required className={inputCls} />
        </label>
        <CampaignSelect name="campaign_id" campaigns={campaigns} />
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input type="checkbox" name="commissionable" defaultChecked className={focus} />
          Commissionable
        </label>
        <Button disabled={create.isPending}>{create.isPending ? 'Adding…' : 'Add product'}</Button>
        <div className="w-full" aria-live="polite">
          {done && <p className="text-sm text-emerald-700">{done}</p>}
          <ErrorNote error={create.error} />
        </div>
      </form>
    </Card>
  );
}
