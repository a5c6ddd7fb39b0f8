'use client';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import Link from 'next/link';
import { useTRPC } from '../_components/providers';
import { ErrorNote, focus } from '../_components/ui';
import type { AppRouter } from '@/server/routers/root';

type Counts = inferRouterOutputs<AppRouter>['reports']['attention'];

const TILES: [keyof Counts, string, string][] = [
  ['pending_affiliates', 'Affiliates awaiting approval', '/dashboard/affiliates?status=pending'],
  ['pending_commissions', 'Commissions to review', '/dashboard/commissions?status=pending'],
  ['high_risk_affiliates', 'High-risk affiliates', '/dashboard/risk'],
  ['failing_webhooks', 'Failing webhooks', '/dashboard/webhooks'],
];

/** The Overview's "needs attention" strip: exact counts from one dashboard-only query. */
export function AttentionStrip() {
  const trpc = useTRPC();
  const q = useQuery(trpc.reports.attention.queryOptions());
  return (
    <section aria-label="Needs attention" className="space-y-2">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {TILES.map(([key, label, href]) => {
          const n = q.data?.[key];
          // A non-zero count is the point of the tile: make it stand out without relying on colour alone.
          const hot = !!n;
          return (
            <Link key={key} href={href} className={`rounded-lg bg-white p-4 shadow-sm hover:bg-slate-50 ${hot ? 'border-l-4 border-amber-500' : ''} ${focus}`}>
              <p className="text-sm text-slate-600">{label}</p>
              <p className="mt-1 text-2xl font-semibold" data-testid={`attention-${key}`}>
                {q.error ? 'n/a' : n === undefined ? '…' : n}
              </p>
            </Link>
          );
        })}
      </div>
      <ErrorNote error={q.error} />
    </section>
  );
}
