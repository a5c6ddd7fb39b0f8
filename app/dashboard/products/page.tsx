'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import Link from 'next/link';
import { Suspense, useState, type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { Badge, Button, Card, ErrorNote, PageHeader, Pager, QueryState, Table, date, focus, inputCls, useCanWrite, useUrlFilters } from '../../_components/ui';
import type { AppRouter } from '@/server/routers/root';

const LIMIT = 50;
type Product = inferRouterOutputs<AppRouter>['products']['list']['data'][number];
type Campaign = { id: string; name: string };

function useCampaigns() {
  const trpc = useTRPC();
  const q = useQuery(trpc.campaigns.list.queryOptions({ limit: 200 }));
  return (q.data?.data ?? []) as Campaign[];
}

function CampaignSelect({ name, defaultValue, campaigns, label = 'Campaign redirect' }: { name: string; defaultValue?: string | null; campaigns: Campaign[]; label?: string }) {
  return (
    <label className="text-sm">
      {label}
      <select name={name} defaultValue={defaultValue ?? ''} className={inputCls}>
        <option value="">None (the affiliate&apos;s campaign)</option>
        {campaigns.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function Policy({ canWrite }: { canWrite: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const policy = useQuery(trpc.products.getPolicy.queryOptions({}));
  const set = useMutation(trpc.products.setPolicy.mutationOptions({ onSuccess: () => qc.invalidateQueries({ queryKey: trpc.products.getPolicy.queryKey() }) }));
  const on = policy.data?.data.commission_unmapped_products;
  return (
    <Card title="Products not in the catalog">
      <QueryState q={policy}>
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            role="switch"
            aria-checked={!!on}
            checked={!!on}
            disabled={!canWrite || set.isPending}
            onChange={(e) => set.mutate({ commission_unmapped_products: e.target.checked })}
            className={`mt-0.5 h-4 w-4 ${focus}`}
          />
          <span>
            <span className="font-medium">Commission unmapped products</span>
            <span className="block text-slate-600">
              {on ? 'Sales of products absent from the catalog earn the campaign default rate.' : 'Sales of products absent from the catalog earn nothing.'}
            </span>
          </span>
        </label>
        <ErrorNote error={set.error} />
      </QueryState>
    </Card>
  );
}

function CreateForm({ campaigns }: { campaigns: Campaign[] }) {
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

function EditRow({ p, campaigns, onDone }: { p: Product; campaigns: Campaign[]; onDone: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const update = useMutation(
    trpc.products.update.mutationOptions({
      onSuccess: () => {
        onDone();
        return qc.invalidateQueries({ queryKey: trpc.products.list.queryKey() });
      },
    }),
  );
  return (
    <tr className="border-t bg-slate-50">
      <td colSpan={6} className="p-3">
        <form
          aria-label={`Edit ${p.name}`}
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const f = new FormData(e.currentTarget);
            const campaign = String(f.get('campaign_id') || '');
            update.mutate({ id: p.id, name: String(f.get('name')), commissionable: f.get('commissionable') === 'on', campaign_id: campaign || null });
          }}
        >
          <label className="text-sm">
            Product name
            <input name="name" required defaultValue={p.name} className={inputCls} />
          </label>
          <CampaignSelect name="campaign_id" defaultValue={p.campaign_id} campaigns={campaigns} />
          <label className="flex items-center gap-2 pb-2 text-sm">
            <input type="checkbox" name="commissionable" defaultChecked={p.commissionable} className={focus} />
            Commissionable
          </label>
          <Button disabled={update.isPending}>{update.isPending ? 'Saving…' : 'Save product'}</Button>
          <Button type="button" tone="secondary" onClick={onDone}>
            Cancel
          </Button>
          <div className="w-full">
            <ErrorNote error={update.error} />
          </div>
        </form>
      </td>
    </tr>
  );
}

function Products() {
  const trpc = useTRPC();
  const canWrite = useCanWrite();
  const campaigns = useCampaigns();
  const names = new Map(campaigns.map((c) => [c.id, c.name]));
  const { offset, setOffset } = useUrlFilters([] as const);
  const list = useQuery(trpc.products.list.queryOptions({ limit: LIMIT, offset }));
  const rows = list.data?.data ?? [];
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className="space-y-6">
      <PageHeader title="Products" />
      <Policy canWrite={canWrite} />
      {canWrite && <CreateForm campaigns={campaigns} />}
      <QueryState q={list} empty={rows.length === 0 && offset === 0}>
        <Table label="Products" head={['Product', 'Provider id', 'Commissionable', 'Campaign redirect', 'Added', canWrite ? 'Actions' : '']}>
          {rows.map((p) =>
            editing === p.id ? (
              <EditRow key={p.id} p={p} campaigns={campaigns} onDone={() => setEditing(null)} />
            ) : (
              <tr key={p.id} className="border-t">
                <td className="p-3 font-medium">{p.name}</td>
                <td className="p-3 font-mono text-xs">{p.provider_product_id}</td>
                <td className="p-3">
                  <Badge value={p.commissionable ? 'yes' : 'no'} />
                </td>
                <td className="p-3">
                  {p.campaign_id ? (
                    <Link href={`/dashboard/campaigns/${p.campaign_id}`} className={`text-indigo-700 hover:underline ${focus}`}>
                      {names.get(p.campaign_id) ?? p.campaign_id.slice(-8)}
                    </Link>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="p-3 whitespace-nowrap">{date(p.created_at)}</td>
                <td className="p-3">
                  {canWrite && (
                    <Button tone="secondary" className="py-1" aria-label={`Edit ${p.name}`} onClick={() => setEditing(p.id)}>
                      Edit
                    </Button>
                  )}
                </td>
              </tr>
            ),
          )}
        </Table>
        <Pager offset={offset} limit={LIMIT} count={rows.length} onChange={setOffset} />
      </QueryState>
    </div>
  );
}

export default function ProductsPage() {
  return (
    <Suspense>
      <Products />
    </Suspense>
  );
}
