'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useTRPC } from '../../_components/providers';
import { Badge, Button, ErrorNote, FilterSelect, PageHeader, Pager, QueryState, Table, date, defined, focus, inputCls, money, useAffiliateNames, useCanWrite, useUrlFilters } from '../../_components/ui';

const LIMIT = 50;
const STATUSES = ['pending', 'approved', 'denied', 'paid', 'reversed'] as const;

function AdjustAmount({ id, amount, currency }: { id: string; amount: number; currency: string }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [value, setValue] = useState<string | null>(null);
  const update = useMutation(
    trpc.commissions.update.mutationOptions({ onSuccess: () => { setValue(null); return qc.invalidateQueries({ queryKey: trpc.commissions.list.queryKey() }); } }),
  );
  if (value === null)
    return <Button tone="secondary" className="py-1" onClick={() => setValue((amount / 100).toFixed(2))}>Adjust</Button>;
  return (
    <form className="flex items-end gap-2" onSubmit={(e) => { e.preventDefault(); update.mutate({ id, amount: Math.round(Number(value) * 100) }); }}>
      <label className="text-xs">
        New amount ({currency.toUpperCase()})
        <input value={value} onChange={(e) => setValue(e.target.value)} inputMode="decimal" pattern="\d+(\.\d{1,2})?" className={`${inputCls} w-28`} />
      </label>
      <Button className="py-1">Save</Button>
      <Button tone="secondary" type="button" className="py-1" onClick={() => setValue(null)}>Cancel</Button>
      <ErrorNote error={update.error} />
    </form>
  );
}

export default function CommissionsPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const canWrite = useCanWrite();
  const { values, set, offset, setOffset } = useUrlFilters(['status', 'affiliate_id', 'conversion_id'] as const);
  const status = STATUSES.find((s) => s === values.status);
  const list = useQuery(
    trpc.commissions.list.queryOptions({ ...defined({ affiliate_id: values.affiliate_id, conversion_id: values.conversion_id }), ...(status ? { status } : {}), limit: LIMIT, offset }),
  );
  const rows = list.data?.data ?? [];
  const nameOf = useAffiliateNames(rows.map((c) => c.affiliate_id));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState<'approved' | 'denied' | null>(null);
  const review = useMutation(
    trpc.commissions.bulkReview.mutationOptions({
      onSuccess: () => { setSelected(new Set()); setConfirming(null); return qc.invalidateQueries({ queryKey: trpc.commissions.list.queryKey() }); },
    }),
  );
  const reviewable = rows.filter((c) => c.status === 'pending' || c.status === 'approved' || c.status === 'denied');
  const toggle = (id: string) => setSelected((s) => { const n = new Set(s); if (n.has(id)) n.delete(id); else n.add(id); return n; });
  return (
    <div className="space-y-4">
      <PageHeader title="Commissions">
        <FilterSelect label="Status" value={status ?? ''} options={STATUSES} onChange={(v) => set({ status: v })} />
      </PageHeader>
      {canWrite && (
        <div className="flex flex-wrap items-center gap-2 rounded-lg bg-white p-3 shadow-sm" role="group" aria-label="Bulk review">
          <span className="text-sm text-slate-600">{selected.size} selected</span>
          {confirming ? (
            <>
              <span className="text-sm font-medium">{confirming === 'approved' ? 'Approve' : 'Deny'} {selected.size} commission(s)?</span>
              <Button tone={confirming === 'approved' ? 'primary' : 'danger'} disabled={review.isPending} onClick={() => review.mutate({ ids: [...selected], status: confirming })}>
                {review.isPending ? 'Working…' : 'Confirm'}
              </Button>
              <Button tone="secondary" onClick={() => setConfirming(null)}>Cancel</Button>
            </>
          ) : (
            <>
              <Button disabled={selected.size === 0} onClick={() => setConfirming('approved')}>Approve selected</Button>
              <Button tone="secondary" disabled={selected.size === 0} onClick={() => setConfirming('denied')}>Deny selected</Button>
            </>
          )}
          <ErrorNote error={review.error} />
        </div>
      )}
      <QueryState q={list} empty={rows.length === 0 && offset === 0}>
        <Table
          label="Commissions"
          head={[
            canWrite ? (
              <input type="checkbox" aria-label="Select all" checked={reviewable.length > 0 && reviewable.every((c) => selected.has(c.id))}
                onChange={(e) => setSelected(new Set(e.target.checked ? reviewable.map((c) => c.id) : []))} />
            ) : '',
            'Created', 'Amount', 'Status', 'Affiliate', 'Conversion', canWrite ? 'Adjust' : '',
          ]}
        >
          {rows.map((c) => (
            <tr key={c.id} className="border-t">
              <td className="p-3">
                {canWrite && reviewable.includes(c) && <input type="checkbox" aria-label={`Select commission ${c.id.slice(-8)}`} checked={selected.has(c.id)} onChange={() => toggle(c.id)} />}
              </td>
              <td className="p-3 whitespace-nowrap">{date(c.created_at)}</td>
              <td className="p-3">
                {money(c.amount, c.currency)}
                {c.amount !== c.computed_amount && <span className="block text-xs text-slate-500">computed {money(c.computed_amount, c.currency)}</span>}
                {c.kind === 'clawback' && <span className="block text-xs text-red-700">clawback</span>}
              </td>
              <td className="p-3"><Badge value={c.status} /></td>
              <td className="p-3"><Link className={`text-indigo-700 hover:underline ${focus}`} href={`/dashboard/affiliates/${c.affiliate_id}`}>{nameOf(c.affiliate_id)}</Link></td>
              <td className="p-3"><Link className={`text-indigo-700 hover:underline ${focus}`} href={`/dashboard/conversions/${c.conversion_id}`}>{c.conversion_id.slice(-8)}</Link></td>
              <td className="p-3">{canWrite && (c.status === 'pending' || c.status === 'approved') && c.kind === 'earning' && !c.payout_id && <AdjustAmount id={c.id} amount={c.amount} currency={c.currency} />}</td>
            </tr>
          ))}
        </Table>
        <Pager offset={offset} limit={LIMIT} count={rows.length} onChange={setOffset} />
      </QueryState>
    </div>
  );
}
