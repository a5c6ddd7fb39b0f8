'use client';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '../../_components/providers';
import { Card, date, focus } from '../../_components/ui';
import { StatusActions } from './status-actions';

/** People who applied on the join page and wait for a decision, with what they said. */
export function Applications({ canWrite }: { canWrite: boolean }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.affiliates.table.queryOptions({ status: 'pending', applied: 'true', sort: 'joined', limit: 50 }));
  const rows = q.data?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Card title={`Applications to review (${rows.length}${q.data?.has_more ? '+' : ''})`}>
      <ul className="divide-y text-sm" aria-label="Applications">
        {rows.map((a) => (
          <li key={a.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
            <div className="min-w-0">
              <Link href={`/dashboard/affiliates/${a.id}`} className={`font-medium text-indigo-700 hover:underline ${focus}`}>{a.name ?? a.email}</Link>
              <span className="ml-2 text-xs text-slate-500">{a.email} · applied {date(a.applied_at)}</span>
              {a.application_note && <p className="mt-1 text-slate-700">“{a.application_note}”</p>}
            </div>
            {canWrite && <StatusActions id={a.id} status={a.status} who={a.name ?? a.email ?? a.ref_code} />}
          </li>
        ))}
      </ul>
    </Card>
  );
}
