'use client';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '../../_components/providers';
import { Badge, PageHeader, Pager, QueryState, Table, date, focus, useCanWrite, useUrlFilters } from '../../_components/ui';
import { CreateForm } from './create-form';
import { bountyTerms } from './terms';

const LIMIT = 50;

export default function BountiesPage() {
  const trpc = useTRPC();
  const canWrite = useCanWrite();
  const { values, set, offset, setOffset } = useUrlFilters(['archived'] as const);
  const includeArchived = values.archived === 'include';
  const list = useQuery(trpc.bounties.list.queryOptions({ ...(includeArchived ? {} : { archived: 'false' }), limit: LIMIT, offset }));
  const rows = list.data?.data ?? [];
  return (
    <div className="space-y-6">
      <PageHeader title="Bounties">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={includeArchived} onChange={(e) => set({ archived: e.target.checked ? 'include' : '' })} className={focus} />
          Show archived
        </label>
      </PageHeader>
      <p className="text-sm text-slate-600">
        A flat reward for reaching a total in a period, or for proof you approve. What a bounty pays is a commission of kind bounty, held and paid like a sale&apos;s.
      </p>
      {canWrite && <CreateForm />}
      <QueryState q={list} empty={rows.length === 0 && offset === 0} onEmpty="No bounties yet. Add one above: a review video, or ten sales in a month.">
        <Table label="Bounties" head={['Bounty', 'Type', 'Terms', 'Added']}>
          {rows.map((b) => (
            <tr key={b.id} className="border-t">
              <td className="p-3">
                <Link href={`/dashboard/bounties/${b.id}`} className={`font-medium text-indigo-700 hover:underline ${focus}`}>
                  {b.name}
                </Link>
                {b.archived && <span className="ml-2"><Badge value="archived" /></span>}
                {b.description && <span className="block text-xs text-slate-500">{b.description}</span>}
              </td>
              <td className="p-3">{b.type}</td>
              <td className="p-3">{bountyTerms(b)}</td>
              <td className="p-3 whitespace-nowrap">{date(b.created_at)}</td>
            </tr>
          ))}
        </Table>
        <Pager offset={offset} limit={LIMIT} count={rows.length} onChange={setOffset} />
      </QueryState>
    </div>
  );
}
