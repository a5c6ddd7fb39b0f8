'use client';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '../../_components/providers';
import { Badge, FilterSelect, PageHeader, Pager, QueryState, Table, date, defined, focus, inputCls, money, shortId, useUrlFilters } from '../../_components/ui';

const LIMIT = 50;
const STATUSES = ['pending', 'confirmed', 'reversed', 'refunded', 'chargeback'] as const;

export default function ConversionsPage() {
  const trpc = useTRPC();
  const { values, set, offset, setOffset } = useUrlFilters(['status', 'affiliate_id', 'from', 'to'] as const);
  const status = STATUSES.find((s) => s === values.status);
  const list = useQuery(
    trpc.conversions.list.queryOptions({ ...defined({ affiliate_id: values.affiliate_id, from: values.from, to: values.to }), ...(status ? { status } : {}), limit: LIMIT, offset }),
  );
  const rows = list.data?.data ?? [];
  return (
    <div className="space-y-4">
      <PageHeader title="Conversions" />
      <form aria-label="Filters" className="flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
        <FilterSelect label="Status" value={status ?? ''} options={STATUSES} onChange={(v) => set({ status: v })} />
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
      </form>
      <QueryState q={list} empty={rows.length === 0 && offset === 0}>
        <Table label="Conversions" head={['When', 'Type', 'Amount', 'Status', 'Order', 'Match']}>
          {rows.map((c) => (
            <tr key={c.id} className="border-t">
              <td className="p-3 whitespace-nowrap">
                <Link href={`/dashboard/conversions/${c.id}`} className={`text-indigo-700 hover:underline ${focus}`}>{date(c.ts)}</Link>
              </td>
              <td className="p-3">{c.type}{c.is_test ? ' (test)' : ''}</td>
              <td className="p-3">{c.type === 'sale' ? money(c.amount, c.currency) : '—'}</td>
              <td className="p-3"><Badge value={c.status} /></td>
              <td className="p-3 font-mono text-xs">{c.external_id || shortId(c.id)}</td>
              <td className="p-3 text-slate-600">{c.match_method ?? '—'}</td>
            </tr>
          ))}
        </Table>
        <Pager offset={offset} limit={LIMIT} count={rows.length} onChange={setOffset} />
      </QueryState>
    </div>
  );
}
