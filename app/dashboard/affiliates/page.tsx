'use client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { CsvButton, SearchBox, SortHeader, sortOf } from '../../_components/list-tools';
import { useTRPC } from '../../_components/providers';
import { Badge, FilterSelect, inputCls, PageHeader, Pager, QueryState, Table, date, defined, focus, money, useCanWrite, useUrlFilters } from '../../_components/ui';
import { CampaignFilter } from '../products/campaign-select';
import { Applications } from './applications';
import { BulkBar, SelectAll, useSelection } from './bulk-bar';
import { InviteForm } from './invite-form';
import { StatusActions } from './status-actions';

const LIMIT = 50;
const STATUSES = ['pending', 'active', 'rejected', 'suspended'] as const;
const SORTS = ['joined', 'name', 'clicks', 'conversions', 'earnings', 'unpaid'] as const;
type Sort = (typeof SORTS)[number];

export default function AffiliatesPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const canWrite = useCanWrite();
  const { values, set, offset, setOffset } = useUrlFilters(['status', 'campaign_id', 'group_id', 'q', 'sort', 'dir'] as const);
  const status = STATUSES.find((s) => s === values.status);
  const sort = sortOf(values, SORTS, 'joined');
  const filters = { ...defined({ campaign_id: values.campaign_id, group_id: values.group_id, q: values.q }), ...(status ? { status } : {}), sort: sort.sort as Sort, dir: sort.dir };
  const list = useQuery(trpc.affiliates.table.queryOptions({ ...filters, limit: LIMIT, offset }));
  const rows = list.data?.data ?? [];
  const currency = list.data?.currency ?? 'usd';
  const header = (label: string, column: Sort) => <SortHeader label={label} column={column} state={sort} onSort={(s) => set(s)} />;
  const filtered = !!(status || values.campaign_id || values.group_id || values.q);
  const groups = useQuery(trpc.groups.list.queryOptions({ limit: 100, offset: 0 })).data?.data ?? [];
  const selection = useSelection();
  const tick = (id: string, who: string) => (
    <td className="p-3"><input type="checkbox" aria-label={`Select ${who}`} className={`h-4 w-4 ${focus}`} checked={selection.has(id)} onChange={() => selection.toggle(id)} /></td>
  );
  return (
    <div className="space-y-6">
      <PageHeader title="Affiliates" />
      <Applications canWrite={canWrite} />
      {canWrite && <InviteForm />}
      <form aria-label="Filters" className="flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
        <SearchBox value={values.q} onChange={(q) => set({ q })} placeholder="name, e-mail or ref code" />
        <FilterSelect label="Status" value={status ?? ''} options={STATUSES} onChange={(v) => set({ status: v })} />
        <CampaignFilter value={values.campaign_id} onChange={(campaign_id) => set({ campaign_id })} />
        <label className="text-sm">
          Group
          <select aria-label="Group" value={values.group_id ?? ''} onChange={(e) => set({ group_id: e.target.value })} className={`${inputCls} w-auto`}>
            <option value="">All groups</option>
            {groups.map((g) => <option key={g.id} value={g.id}>{g.name}</option>)}
          </select>
        </label>
        <CsvButton filename="affiliates.csv" fetchCsv={() => qc.fetchQuery(trpc.affiliates.tableCsv.queryOptions(filters))} />
      </form>
      {canWrite && <BulkBar selection={selection} label="Selected affiliates" />}
      <QueryState
        q={list}
        empty={rows.length === 0 && offset === 0}
        onEmpty={filtered ? <p>No affiliate matches these filters. <button type="button" className={`text-indigo-700 underline ${focus}`} onClick={() => set({ q: '', status: '', campaign_id: '', group_id: '' })}>Clear the filters</button></p> : <p>No affiliates yet. Invite one above, or share your join page (Settings → Branding and join page) so people can apply.</p>}
      >
        <Table label="Affiliates" head={[...(canWrite ? [<SelectAll key="all" selection={selection} ids={rows.map((r) => r.id)} label="Select all affiliates on this page" />] : []), header('Affiliate', 'name'), 'Campaign', 'Group', 'Status', header('Clicks', 'clicks'), header('Conversions', 'conversions'), header('Earnings', 'earnings'), header('Unpaid', 'unpaid'), header('Joined', 'joined'), canWrite ? 'Actions' : '']}>
          {rows.map((a) => (
            <tr key={a.id} className="border-t">
              {canWrite && tick(a.id, a.name ?? a.email ?? a.ref_code)}
              <td className="p-3">
                <Link href={`/dashboard/affiliates/${a.id}`} className={`font-medium text-indigo-700 hover:underline ${focus}`}>
                  {a.name ?? a.email ?? a.ref_code}
                </Link>
                <div className="text-xs text-slate-500">{a.email} · <span className="font-mono">{a.ref_code}</span></div>
              </td>
              <td className="p-3">{a.campaign ? <Link className={`hover:underline ${focus}`} href={`/dashboard/campaigns/${a.campaign.id}`}>{a.campaign.name}</Link> : '—'}</td>
              <td className="p-3" data-testid="affiliate-group">{a.group?.name ?? '—'}</td>
              <td className="p-3"><Badge value={a.status} />{a.commissions_held && <span className="ml-1"><Badge value="held" /></span>}</td>
              <td className="p-3 text-right">{a.clicks}</td>
              <td className="p-3 text-right">{a.conversions}</td>
              <td className="p-3 text-right whitespace-nowrap">{money(a.earnings, currency)}</td>
              <td className="p-3 text-right whitespace-nowrap">{money(a.unpaid, currency)}</td>
              <td className="p-3 whitespace-nowrap">{date(a.created_at)}</td>
              <td className="p-3">{canWrite && <StatusActions id={a.id} status={a.status} who={a.name ?? a.email ?? a.ref_code} />}</td>
            </tr>
          ))}
        </Table>
        <Pager offset={offset} limit={LIMIT} count={rows.length} onChange={setOffset} />
      </QueryState>
    </div>
  );
}
