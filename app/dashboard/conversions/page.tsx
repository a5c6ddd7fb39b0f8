'use client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { CsvButton, SearchBox, SortHeader, sortOf } from '../../_components/list-tools';
import { useTRPC } from '../../_components/providers';
import { Badge, FilterSelect, PageHeader, Pager, QueryState, Table, date, defined, focus, inputCls, money, useUrlFilters } from '../../_components/ui';
import { CampaignFilter } from '../products/campaign-select';
import { CONVERSION_STATUSES, CONVERSION_TYPES } from '@/server/model/enums';

const LIMIT = 50;
const STATUSES = CONVERSION_STATUSES;
const TYPES = CONVERSION_TYPES;
const SORTS = ['when', 'amount', 'commission'] as const;
type Sort = (typeof SORTS)[number];

export default function ConversionsPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { values, set, offset, setOffset } = useUrlFilters(['status', 'type', 'affiliate_id', 'campaign_id', 'from', 'to', 'q', 'sort', 'dir'] as const);
  const status = STATUSES.find((s) => s === values.status);
  const type = TYPES.find((t) => t === values.type);
  const sort = sortOf(values, SORTS, 'when');
  const filters = {
    ...defined({ affiliate_id: values.affiliate_id, campaign_id: values.campaign_id, from: values.from, to: values.to, q: values.q }),
    ...(status ? { status } : {}),
    ...(type ? { type } : {}),
    sort: sort.sort as Sort,
    dir: sort.dir,
  };
  const list = useQuery(trpc.conversions.table.queryOptions({ ...filters, limit: LIMIT, offset }));
  const rows = list.data?.data ?? [];
  const header = (label: string, column: Sort) => <SortHeader label={label} column={column} state={sort} onSort={(s) => set(s)} />;
  const filtered = Object.keys(filters).length > 2;
  return (
    <div className="space-y-4">
      <PageHeader title="Conversions" />
      <form aria-label="Filters" className="flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
        <SearchBox value={values.q} onChange={(q) => set({ q })} placeholder="order, customer or affiliate" />
        <FilterSelect label="Status" value={status ?? ''} options={STATUSES} onChange={(v) => set({ status: v })} />
        <FilterSelect label="Type" value={type ?? ''} options={TYPES} onChange={(v) => set({ type: v })} />
        <CampaignFilter value={values.campaign_id} onChange={(campaign_id) => set({ campaign_id })} />
        <label className="text-sm">
          From
          <input type="date" value={values.from} onChange={(e) => set({ from: e.target.value })} className={inputCls} />
        </label>
        <label className="text-sm">
          To
          <input type="date" value={values.to} onChange={(e) => set({ to: e.target.value })} className={inputCls} />
        </label>
        {values.affiliate_id && (
          <button type="button" className={`text-sm text-indigo-700 underline ${focus}`} onClick={() => set({ affiliate_id: '' })}>
            Clear affiliate filter
          </button>
        )}
        <CsvButton filename="conversions.csv" fetchCsv={() => qc.fetchQuery(trpc.conversions.tableCsv.queryOptions(filters))} />
      </form>
      <QueryState
        q={list}
        empty={rows.length === 0 && offset === 0}
        onEmpty={
          filtered ? (
            <p>No conversion matches these filters. <button type="button" className={`text-indigo-700 underline ${focus}`} onClick={() => set({ q: '', status: '', type: '', campaign_id: '', affiliate_id: '', from: '', to: '' })}>Clear the filters</button></p>
          ) : (
            <p>No conversions yet. Record sales from your shop&apos;s server with <code>POST /v1/track/sale</code> (see <Link className="text-indigo-700 underline" href="/docs">API docs</Link>) or the browser snippet.</p>
          )
        }
      >
        <Table cards label="Conversions" head={[header('When', 'when'), 'Order', 'Affiliate', 'Campaign', header('Amount', 'amount'), header('Commission', 'commission'), 'Status']}>
          {rows.map((c) => (
            <tr key={c.id} className="border-t">
              <td className="p-3 whitespace-nowrap" data-label="When">
                <Link href={`/dashboard/conversions/${c.id}`} className={`text-indigo-700 hover:underline ${focus}`}>{date(c.ts)}</Link>
              </td>
              <td className="p-3" data-label="Order"><span className="font-mono text-xs">{c.external_id}</span><span className="block text-xs text-slate-500">{c.type}{c.customer_id ? ` · ${c.customer_id}` : ''}</span></td>
              <td className="p-3" data-label="Affiliate"><Link href={`/dashboard/affiliates/${c.affiliate.id}`} className={`hover:underline ${focus}`}>{c.affiliate.name}</Link></td>
              <td className="p-3" data-label="Campaign">{c.campaign?.name ?? '—'}</td>
              <td className="p-3 text-right whitespace-nowrap" data-label="Amount">
                {c.type === 'sale' ? money(c.amount, c.currency) : '—'}
                {c.refunded_amount > 0 && <span className="block text-xs text-red-700">−{money(c.refunded_amount, c.currency)} refunded</span>}
              </td>
              <td className="p-3 text-right whitespace-nowrap" data-label="Commission">{c.commission !== null && c.commission_currency ? money(c.commission, c.commission_currency) : '—'}</td>
              <td className="p-3" data-label="Status"><Badge value={c.status} /></td>
            </tr>
          ))}
        </Table>
        <Pager offset={offset} limit={LIMIT} count={rows.length} onChange={setOffset} />
      </QueryState>
    </div>
  );
}
