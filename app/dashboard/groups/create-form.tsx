'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { Button, Card, ErrorNote, inputCls } from '../../_components/ui';
import { useCampaigns } from '../products/campaign-select';

/** A new group, and optionally its catch-all rule for one campaign (PUT .../commission-rule with group_id). */
export function CreateGroupForm() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const campaigns = useCampaigns();
  const [done, setDone] = useState<string | null>(null);
  const create = useMutation(trpc.groups.create.mutationOptions());
  const setRule = useMutation(trpc.commissionRules.set.mutationOptions());
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    setDone(null);
    const group = await create.mutateAsync({ name: String(f.get('name')), slug: String(f.get('slug')).toLowerCase() });
    const rate = String(f.get('rate') || '').trim();
    const campaignId = String(f.get('campaign_id') || campaigns[0]?.id || '');
    if (rate && campaignId) await setRule.mutateAsync({ id: campaignId, group_id: group.data.id, amount: Number(rate) });
    setDone(`Created ${group.data.name}.`);
    form.reset();
    await qc.invalidateQueries({ queryKey: trpc.groups.pathKey() });
  }
  return (
    <Card title="Create a group">
      <form onSubmit={(e) => void submit(e).catch(() => undefined)} aria-label="Create group" className="flex flex-wrap items-end gap-3">
        <label className="text-sm">Name<input name="name" required maxLength={200} className={inputCls} /></label>
        <label className="text-sm">Slug (join page)<input name="slug" required maxLength={48} pattern="[a-z0-9][a-z0-9-]*" className={inputCls} /></label>
        <label className="text-sm">
          Campaign
          <select name="campaign_id" className={inputCls}>
            {campaigns.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </label>
        <label className="text-sm">Default rule % (optional)<input name="rate" type="number" min={0.01} max={100} step={0.01} className={inputCls} /></label>
        <Button disabled={create.isPending || setRule.isPending}>{create.isPending ? 'Creating…' : 'Create group'}</Button>
        <div className="w-full" aria-live="polite">
          {done && <p className="text-sm text-emerald-700">{done}</p>}
          <ErrorNote error={create.error ?? setRule.error} />
        </div>
      </form>
    </Card>
  );
}
