'use client';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '../../_components/providers';
import { Card, date, focus } from '../../_components/ui';
import { BulkBar, SelectAll, useSelection } from './bulk-bar';
import { StatusActions } from './status-actions';

/** People who applied on the join page and wait for a decision, with what they said. */
export function Applications({ canWrite }: { canWrite: boolean }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.affiliates.table.queryOptions({ status: 'pending', applied: 'true', sort: 'joined', limit: 50 }));
  const rows = q.data?.data ?? [];
  const selection = useSelection();
  if (rows.length === 0) return null;
  return (
    <Card title={`Applications to review (${rows.length}${q.data?.has_more ? '+' : ''})`}>
      {canWrite && (
        <div className="space-y-2">
          <label className="flex items-center gap-2 text-sm text-slate-600">
            <SelectAll selection={selection} ids={rows.map((r) => r.id)} label="Select all applications" /> Select all
          </label>
          <BulkBar selection={selection} label="Selected applications" actions={['approve', 'reject', 'move']} />
        </div>
      )}
      <ul className="divide-y text-sm" aria-label="Applications">
        {rows.map((a) => (
          <li key={a.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
            <div className="flex min-w-0 gap-3">
              {canWrite && (
                <input type="checkbox" aria-label={`Select ${a.name ?? a.email ?? a.ref_code}`} className={`mt-1 h-4 w-4 shrink-0 ${focus}`} checked={selection.has(a.id)} onChange={() => selection.toggle(a.id)} />
              )}
              <div className="min-w-0">
              <Link href={`/dashboard/affiliates/${a.id}`} className={`font-medium text-indigo-700 hover:underline ${focus}`}>{a.name ?? a.email}</Link>
              <span className="ml-2 text-xs text-slate-500">{a.email} · applied {date(a.applied_at)}</span>
              {a.application_note && <p className="mt-1 text-slate-700">“{a.application_note}”</p>}
              </div>
            </div>
            {canWrite && <StatusActions id={a.id} status={a.status} who={a.name ?? a.email ?? a.ref_code} />}
          </li>
        ))}
      </ul>
    </Card>
  );
}
