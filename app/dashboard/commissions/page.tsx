'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { minorToDecimal } from '@/server/model/money';
import { useTRPC } from '../../_components/providers';
import { useToast } from '../../_components/toast';
import { CsvButton, SearchBox, SortHeader, sortOf } from '../../_components/list-tools';
import { amountOrProblem, Badge, Button, ErrorNote, FilterSelect, PageHeader, Pager, QueryState, Table, date, defined, focus, inputCls, money, useCanWrite, useUrlFilters } from '../../_components/ui';
import { COMMISSION_STATUSES } from '@/server/model/enums';

const LIMIT = 50;
const STATUSES = COMMISSION_STATUSES;

function AdjustAmount({ id, amount, currency }: { id: string; amount: number; currency: string }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const [value, setValue] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useMutation(
    trpc.commissions.update.mutationOptions({
      onSuccess: (r) => {
        setValue(null);
        toast(`Commission set to ${money(r.data.amount, r.data.currency)}.`);
        return qc.invalidateQueries({ queryKey: trpc.commissions.pathKey() });
      },
    }),
  );
  if (value === null)
    return <Button tone="secondary" className="py-1" onClick={() => setValue(minorToDecimal(amount, currency))}>Adjust</Button>;
  function submit(e: FormEvent) {
    e.preventDefault();
    const r = amountOrProblem('New amount', value ?? '', currency);
    setProblem(r.problem);
    if (r.minor !== null) update.mutate({ id, amount: r.minor });
  }
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
      <label className="text-xs">
        New amount ({currency.toUpperCase()})
        <input value={value} onChange={(e) => setValue(e.target.value)} inputMode="decimal" className={`${inputCls} w-28`} />
      </label>
      <Button className="py-1">Save</Button>
      <Button tone="secondary" type="button" className="py-1" onClick={() => setValue(null)}>Cancel</Button>
      {problem && <p role="alert" className="w-full text-sm text-red-700">{problem}</p>}
      <ErrorNote error={update.error} />
    </form>
  );
}

type Delivery = { method: string; state: string; months: number | null; shortfall: number; error: string | null };

/** A reward delivered in the billing system (docs/rewards-in-billing.md): what, its state, any shortfall. */
function RewardDelivery({ d, currency }: { d: Delivery; currency: string }) {
  const what = d.method === 'free_months' ? `${d.months} free months` : 'account credit';
  const tone = d.state === 'failed' ? 'text-red-700' : d.state === 'delivered' ? 'text-emerald-700' : 'text-slate-500';
  return (
    <span className={`block text-xs ${tone}`} data-testid="reward-delivery" title={d.error ?? undefined}>
      {what}: {d.state}
      {d.shortfall > 0 && <span className="block text-red-700">shortfall {money(d.shortfall, currency)}</span>}
    </span>
  );
}

const SORTS = ['created', 'payable_on', 'amount'] as const;
type Sort = (typeof SORTS)[number];
const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** "today" for a date that has passed, else the date: when the commission can be paid. */
function PayableOn({ iso, paid }: { iso: string; paid: boolean }) {
  if (paid) return <>—</>;
  const past = Date.parse(iso) <= Date.now();
  return <span className={past ? 'font-medium text-emerald-700' : ''}>{past ? 'now' : day(iso)}</span>;
}

export default function CommissionsPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const canWrite = useCanWrite();
  const { values, set, offset, setOffset } = useUrlFilters(['status', 'affiliate_id', 'conversion_id', 'payable', 'q', 'sort', 'dir'] as const);
  const status = STATUSES.find((s) => s === values.status);
  const payable = (['now', 'later'] as const).find((p) => p === values.payable);
  const sort = sortOf(values, SORTS, 'created');
  const filters = {
    ...defined({ affiliate_id: values.affiliate_id, conversion_id: values.conversion_id, q: values.q }),
    ...(status ? { status } : {}),
    ...(payable ? { payable } : {}),
    sort: sort.sort as Sort,
    dir: sort.dir,
  };
  const list = useQuery(trpc.commissions.table.queryOptions({ ...filters, limit: LIMIT, offset }));
  const rows = list.data?.data ?? [];
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState<'approved' | 'denied' | null>(null);
  const review = useMutation(
    trpc.commissions.bulkReview.mutationOptions({
      onSuccess: (r) => {
        toast(`${r.data.length} commission${r.data.length === 1 ? '' : 's'} ${r.data[0]?.status ?? 'reviewed'}.`);
        setSelected(new Set());
        setConfirming(null);
        return qc.invalidateQueries({ queryKey: trpc.commissions.pathKey() });
      },
    }),
  );
  const reviewable = rows.filter((c) => c.status === 'pending' || c.status === 'approved' || c.status === 'denied');
  const toggle = (id: string) => setSelected((s) => { const n = new Set(s); if (n.has(id)) n.delete(id); else n.add(id); return n; });
  const header = (label: string, column: Sort) => <SortHeader label={label} column={column} state={sort} onSort={(s) => set(s)} />;
  const filtered = Object.keys(filters).length > 2;
  return (
    <div className="space-y-4">
      <PageHeader title="Commissions" />
      <form aria-label="Filters" className="flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
        <SearchBox value={values.q} onChange={(q) => set({ q })} placeholder="affiliate or order" />
        <FilterSelect label="Status" value={status ?? ''} options={STATUSES} onChange={(v) => set({ status: v })} />
        <label className="text-sm">
          Payable
          <select value={payable ?? ''} onChange={(e) => set({ payable: e.target.value })} className={inputCls}>
            <option value="">Any time</option>
            <option value="now">Now (past the hold)</option>
            <option value="later">Later (in the hold)</option>
          </select>
        </label>
        {(values.affiliate_id || values.conversion_id) && (
          <button type="button" className={`text-sm text-indigo-700 underline ${focus}`} onClick={() => set({ affiliate_id: '', conversion_id: '' })}>
            Show every affiliate&apos;s
          </button>
        )}
        <CsvButton filename="commissions.csv" fetchCsv={() => qc.fetchQuery(trpc.commissions.tableCsv.queryOptions(filters))} />
      </form>
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
      <QueryState
        q={list}
        empty={rows.length === 0 && offset === 0}
        onEmpty={
          filtered ? (
            <p>No commission matches these filters. <button type="button" className={`text-indigo-700 underline ${focus}`} onClick={() => set({ q: '', status: '', payable: '', affiliate_id: '', conversion_id: '' })}>Clear the filters</button></p>
          ) : (
            <p>No commissions yet: a tracked sale of an affiliate earns one by its campaign&apos;s rate. <Link className="text-indigo-700 underline" href="/dashboard/campaigns">Set a rate on a campaign</Link>.</p>
          )
        }
      >
        <Table
          cards
          label="Commissions"
          head={[
            canWrite ? (
              <input type="checkbox" aria-label="Select all" checked={reviewable.length > 0 && reviewable.every((c) => selected.has(c.id))}
                onChange={(e) => setSelected(new Set(e.target.checked ? reviewable.map((c) => c.id) : []))} />
            ) : '',
            header('Created', 'created'), 'Affiliate', 'Sale', header('Amount', 'amount'), 'Status', header('Payable', 'payable_on'), canWrite ? 'Adjust' : '',
          ]}
        >
          {rows.map((c) => (
            <tr key={c.id} className="border-t">
              <td className="p-3">
                {canWrite && reviewable.includes(c) && <input type="checkbox" aria-label={`Select commission of ${c.affiliate.name} on ${c.conversion?.external_id ?? 'a sale'}`} checked={selected.has(c.id)} onChange={() => toggle(c.id)} />}
              </td>
              <td className="p-3 whitespace-nowrap" data-label="Created">{date(c.created_at)}</td>
              <td className="p-3" data-label="Affiliate"><Link className={`text-indigo-700 hover:underline ${focus}`} href={`/dashboard/affiliates/${c.affiliate.id}`}>{c.affiliate.name}</Link></td>
              <td className="p-3" data-label="Sale">
                {c.conversion ? (
                  <Link className={`hover:underline ${focus}`} href={`/dashboard/conversions/${c.conversion.id}`}>
                    <span className="font-mono text-xs">{c.conversion.external_id}</span>
                    <span className="block text-xs text-slate-500">{money(c.conversion.amount, c.conversion.currency)}</span>
                  </Link>
                ) : c.kind === 'bounty' && c.bounty_id ? (
                  <Link className={`text-indigo-700 hover:underline ${focus}`} href={`/dashboard/bounties/${c.bounty_id}`}>bounty</Link>
                ) : '—'}
              </td>
              <td className="p-3 whitespace-nowrap" data-label="Amount" data-testid="commission-amount">
                {money(c.amount, c.currency)}
                {c.amount !== c.computed_amount && <span className="block text-xs text-slate-500">computed {money(c.computed_amount, c.currency)}</span>}
                {c.kind === 'clawback' && <span className="block text-xs text-red-700">clawback</span>}
                {c.reward_delivery && <RewardDelivery d={c.reward_delivery} currency={c.currency} />}
              </td>
              <td className="p-3" data-label="Status"><Badge value={c.status} />{c.payout_id && c.status !== 'paid' && <span className="block text-xs text-slate-500">in a payout</span>}</td>
              <td className="p-3 whitespace-nowrap" data-label="Payable" data-testid="payable-on"><PayableOn iso={c.payable_on} paid={c.status === 'paid' || c.status === 'reversed' || c.status === 'denied'} /></td>
              <td className="p-3" data-label="Adjust">{canWrite && (c.status === 'pending' || c.status === 'approved') && c.kind === 'earning' && !c.payout_id && <AdjustAmount id={c.id} amount={c.amount} currency={c.currency} />}</td>
            </tr>
          ))}
        </Table>
        <Pager offset={offset} limit={LIMIT} count={rows.length} onChange={setOffset} />
      </QueryState>
    </div>
  );
}
