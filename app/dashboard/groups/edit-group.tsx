'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState, type FormEvent } from 'react';
import type { AppRouter } from '@/server/routers/root';
import { useTRPC } from '../../_components/providers';
import { Button, Card, ErrorNote, inputCls } from '../../_components/ui';
import { useCampaigns, type Campaign } from '../products/campaign-select';

type Group = inferRouterOutputs<AppRouter>['groups']['list']['data'][number];
const RECRUITER_TYPES = ['percent_of_commission', 'percent_of_sale', 'flat_on_approval'] as const;
type RecruiterType = (typeof RECRUITER_TYPES)[number];

/** A group's terms, its rule overrides per campaign, making it the default, and deleting it. */
export function EditGroup({ group, groups, onDone }: { group: Group; groups: Group[]; onDone: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const campaigns = useCampaigns();
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.groups.pathKey() });
  const update = useMutation(trpc.groups.update.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.groups.delete.mutationOptions({ onSuccess: async () => { await refresh(); onDone(); } }));
  const [moveTo, setMoveTo] = useState('');
  function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const auto = String(f.get('auto_approve'));
    const discount = String(f.get('discount') || '').trim();
    const rType = String(f.get('recruiter_type') || '') as RecruiterType | '';
    const rAmount = Number(f.get('recruiter_amount') || 0);
    const rMonths = String(f.get('recruiter_months') || '').trim();
    update.mutate({
      id: group.id,
      name: String(f.get('name')),
      slug: String(f.get('slug')).toLowerCase(),
      auto_approve: auto === 'inherit' ? null : auto === 'yes',
      customer_discount: discount ? { type: 'percent', amount: Number(discount) } : null,
      recruiter_terms: rType
        ? {
            reward_type: rType,
            amount: rAmount,
            ...(rType === 'flat_on_approval' && { currency: String(f.get('recruiter_currency') || 'usd') }),
            months: rMonths ? Number(rMonths) : null,
          }
        : null,
    });
  }
  const r = group.recruiter_terms;
  return (
    <Card title={`Edit ${group.name}`}>
      <form onSubmit={save} aria-label="Edit group" className="grid gap-3 md:grid-cols-3">
        <label className="text-sm">Name<input name="name" required maxLength={200} defaultValue={group.name} className={inputCls} /></label>
        <label className="text-sm">Slug (join page)<input name="slug" required maxLength={48} defaultValue={group.slug} className={inputCls} /></label>
        <label className="text-sm">
          Auto-approve applicants
          <select name="auto_approve" defaultValue={group.auto_approve === null ? 'inherit' : group.auto_approve ? 'yes' : 'no'} className={inputCls}>
            <option value="inherit">Workspace setting</option>
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </select>
        </label>
        <label className="text-sm">
          Customer discount % (empty: the campaign&apos;s)
          <input name="discount" type="number" min={0.01} max={100} step={0.01} defaultValue={group.customer_discount?.type === 'percent' ? group.customer_discount.amount : ''} className={inputCls} />
        </label>
        <label className="text-sm">
          Recruiter reward
          <select name="recruiter_type" defaultValue={r?.reward_type ?? ''} className={inputCls}>
            <option value="">None</option>
            {RECRUITER_TYPES.map((t) => <option key={t} value={t}>{t.replaceAll('_', ' ')}</option>)}
          </select>
        </label>
        <label className="text-sm">
          Recruiter amount (hundredths of a % or minor units)
          <input name="recruiter_amount" type="number" min={1} max={100000000} defaultValue={r?.amount ?? ''} className={inputCls} />
        </label>
        <label className="text-sm">Recruiter currency (flat only)<input name="recruiter_currency" maxLength={3} defaultValue={r?.currency ?? ''} className={inputCls} /></label>
        <label className="text-sm">Recruiter months (empty: always)<input name="recruiter_months" type="number" min={1} max={120} defaultValue={r?.months ?? ''} className={inputCls} /></label>
        <div className="flex items-end gap-2">
          <Button disabled={update.isPending}>{update.isPending ? 'Saving…' : 'Save group'}</Button>
          {!group.is_default && (
            <Button type="button" tone="secondary" disabled={update.isPending} onClick={() => update.mutate({ id: group.id, is_default: true })}>Make default</Button>
          )}
        </div>
        <div className="md:col-span-3"><ErrorNote error={update.error} /></div>
      </form>
      <h3 className="mt-6 mb-2 text-sm font-semibold">Commission rule overrides</h3>
      <div className="space-y-2">
        {campaigns.map((c) => <GroupRule key={c.id} campaign={c} groupId={group.id} />)}
      </div>
      {!group.is_default && (
        <div className="mt-6 flex flex-wrap items-end gap-2">
          <label className="text-sm">
            Move its affiliates to
            <select value={moveTo} onChange={(e) => setMoveTo(e.target.value)} className={inputCls}>
              <option value="">(it has none)</option>
              {groups.filter((g) => g.id !== group.id).map((g) => <option key={g.id} value={g.id}>{g.name}</option>)}
            </select>
          </label>
          <Button tone="danger" disabled={remove.isPending} onClick={() => remove.mutate({ id: group.id, ...(moveTo && { move_to_group_id: moveTo }) })}>Delete group</Button>
          <ErrorNote error={remove.error} />
        </div>
      )}
    </Card>
  );
}

/** The group's catch-all rule for one campaign: set it, change it or remove it. */
function GroupRule({ campaign, groupId }: { campaign: Campaign; groupId: string }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const rules = useQuery(trpc.commissionRules.get.queryOptions({ id: campaign.id }));
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.commissionRules.get.queryKey({ id: campaign.id }) });
  const set = useMutation(trpc.commissionRules.set.mutationOptions({ onSuccess: refresh }));
  const del = useMutation(trpc.commissionRules.delete.mutationOptions({ onSuccess: refresh }));
  const all = rules.data?.rules ?? [];
  const own = all.find((x) => x.kind === 'default' && x.group_id === groupId);
  const others = all.filter((x) => x.group_id === groupId && x.kind !== 'default');
  const base = rules.data?.data;
  function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const rate = Number(new FormData(e.currentTarget).get('rate'));
    set.mutate({ id: campaign.id, group_id: groupId, amount: rate });
  }
  return (
    <form onSubmit={save} aria-label={`Group rule for ${campaign.name}`} className="flex flex-wrap items-end gap-2 text-sm">
      <span className="w-48 font-medium">{campaign.name}</span>
      <span className="text-slate-600">campaign: {base ? (base.is_flat ? `${base.amount} flat` : `${base.amount}%`) : 'no rule'}</span>
      <label>
        Group default %
        <input name="rate" type="number" min={0.01} max={100} step={0.01} required defaultValue={own && !own.is_flat ? own.amount : ''} key={own?.id ?? 'none'} className={inputCls} />
      </label>
      <Button tone="secondary" className="py-1" disabled={set.isPending}>Save rule</Button>
      {own && <Button type="button" tone="secondary" className="py-1" disabled={del.isPending} onClick={() => del.mutate({ id: campaign.id, rule_id: own.id })}>Remove</Button>}
      {others.length > 0 && <span className="text-slate-600">+{others.length} product/interval override{others.length === 1 ? '' : 's'} (API)</span>}
      <ErrorNote error={set.error ?? del.error} />
    </form>
  );
}
