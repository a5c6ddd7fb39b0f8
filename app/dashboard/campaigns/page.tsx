'use client';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../_components/providers';
import { Badge, FilterSelect, PageHeader, Pager, QueryState, Table, focus, useCanWrite, useUrlFilters } from '../../_components/ui';
import { NewCampaign } from './new-campaign';
import { CAMPAIGN_STATUSES } from '@/server/model/enums';

const LIMIT = 50;
const STATUSES = CAMPAIGN_STATUSES;

export default function CampaignsPage() {
  const trpc = useTRPC();
  const canWrite = useCanWrite();
  const { values, set, offset, setOffset } = useUrlFilters(['status'] as const);
  const status = STATUSES.find((s) => s === values.status);
  const list = useQuery(trpc.campaigns.list.queryOptions({ ...(status ? { status } : {}), limit: LIMIT, offset }));
  const rows = list.data?.data ?? [];
  return (
    <div className="space-y-6">
      <PageHeader title="Campaigns">
        <FilterSelect label="Status" value={status ?? ''} options={STATUSES} onChange={(v) => set({ status: v })} />
      </PageHeader>
      {canWrite && <NewCampaign />}
      <QueryState
        q={list}
        empty={rows.length === 0 && offset === 0}
        onEmpty={status ? `No ${status} campaigns.` : 'No campaigns yet. Create one above with the landing page your affiliates will send people to; then set its commission rate.'}
      >
        <Table label="Campaigns" head={['Name', 'Status', 'Attribution', 'Cookie window', 'Destination']}>
          {rows.map((c) => (
            <tr key={c.id} className="border-t">
              <td className="p-3 font-medium">
                <Link href={`/dashboard/campaigns/${c.id}`} className={`text-indigo-700 hover:underline ${focus}`}>{c.name}</Link>
              </td>
              <td className="p-3"><Badge value={c.status} /></td>
              <td className="p-3 whitespace-nowrap">{c.attribution_model.replace('_', ' ')}</td>
              <td className="p-3 whitespace-nowrap">{c.cookie_window_days} days</td>
              <td className="max-w-xs truncate p-3 text-slate-600" title={c.destination_url ?? undefined}>{c.destination_url ?? '—'}</td>
            </tr>
          ))}
        </Table>
        <Pager offset={offset} limit={LIMIT} count={rows.length} onChange={setOffset} />
      </QueryState>
    </div>
  );
}
