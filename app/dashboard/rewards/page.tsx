'use client';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '../../_components/providers';
import { Badge, PageHeader, Pager, QueryState, Table, date, focus, useCanWrite, useUrlFilters } from '../../_components/ui';
import { ArchiveButton } from './archive-button';
import { CreateForm } from './create-form';
import { terms } from './terms';

const LIMIT = 50;

export default function RewardsPage() {
  const trpc = useTRPC();
  const canWrite = useCanWrite();
  const { values, set, offset, setOffset } = useUrlFilters(['archived'] as const);
  const includeArchived = values.archived === 'include';
  const list = useQuery(trpc.rewards.list.queryOptions({ ...(includeArchived ? { include_archived: 'true' } : {}), limit: LIMIT, offset }));
  const rows = list.data?.data ?? [];
  return (
    <div className="space-y-6">
      <PageHeader title="Rewards">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={includeArchived} onChange={(e) => set({ archived: e.target.checked ? 'include' : '' })} className={focus} />
          Show archived
        </label>
      </PageHeader>
      <p className="text-sm text-slate-600">Reusable commission terms: a campaign rule copies a reward&apos;s terms when it is set from the library.</p>
      {canWrite && <CreateForm />}
      <QueryState q={list} empty={rows.length === 0 && offset === 0} onEmpty={includeArchived ? 'No rewards yet.' : 'No rewards yet. Add reusable terms above (cash or, say, a free month), then apply them to a campaign’s rate.'}>
        <Table label="Rewards" head={['Reward', 'Type', 'Terms', 'Used by', 'Added', canWrite ? 'Actions' : '']}>
          {rows.map((r) => (
            <tr key={r.id} className="border-t">
              <td className="p-3">
                <span className="font-medium">{r.name}</span>
                {r.archived && <span className="ml-2"><Badge value="archived" /></span>}
                {r.terms.description && <span className="block text-xs text-slate-500">{r.terms.description}</span>}
              </td>
              <td className="p-3">{r.type.replace('_', ' ')}</td>
              <td className="p-3 whitespace-nowrap">{terms(r)}</td>
              <td className="p-3">
                {r.used_by_campaigns.length === 0
                  ? '—'
                  : r.used_by_campaigns.map((c, i) => (
                      <span key={c.id}>
                        {i > 0 && ', '}
                        <Link href={`/dashboard/campaigns/${c.id}`} className={`text-indigo-700 hover:underline ${focus}`}>
                          {c.name}
                        </Link>
                      </span>
                    ))}
              </td>
              <td className="p-3 whitespace-nowrap">{date(r.created_at)}</td>
              <td className="p-3">{canWrite && <ArchiveButton r={r} />}</td>
            </tr>
          ))}
        </Table>
        <Pager offset={offset} limit={LIMIT} count={rows.length} onChange={setOffset} />
      </QueryState>
    </div>
  );
}
