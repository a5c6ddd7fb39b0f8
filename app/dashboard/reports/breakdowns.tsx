'use client';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { useTRPC } from '../../_components/providers';
import { Card, EmptyState, QueryState, focus, money } from '../../_components/ui';
import type { ReportFilters } from '../_stats/kpis';

type Row = { key: string; href: string; name: string; clicks: number; conversions: number; revenue: number; commissions: number };

/**
 * A breakdown as a table from 640 px, and as one card per row on a phone, where five numeric
 * columns would not fit.
 */
function Breakdown({ title, label, rows, currency, empty }: { title: string; label: string; rows: Row[]; currency: string; empty: ReactNode }) {
  if (rows.length === 0) return <Card title={title}><EmptyState>{empty}</EmptyState></Card>;
  const cells = (r: Row) => [['Clicks', String(r.clicks)], ['Conversions', String(r.conversions)], ['Revenue', money(r.revenue, currency)], ['Commissions', money(r.commissions, currency)]] as const;
  return (
    <Card title={title}>
      <table className="hidden w-full text-sm sm:table" aria-label={label}>
        <thead className="text-left text-slate-600">
          <tr>
            <th className="py-2 pr-3 font-medium">Name</th>
            {cells(rows[0]).map(([h]) => <th key={h} className="py-2 pr-3 text-right font-medium">{h}</th>)}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-t">
              <td className="py-2 pr-3"><Link className={`text-indigo-700 hover:underline ${focus}`} href={r.href}>{r.name}</Link></td>
              {cells(r).map(([h, v]) => <td key={h} className="py-2 pr-3 text-right whitespace-nowrap">{v}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="space-y-2 sm:hidden" aria-label={label}>
        {rows.map((r) => (
          <li key={r.key} className="rounded border p-3">
            <Link className={`font-medium text-indigo-700 hover:underline ${focus}`} href={r.href}>{r.name}</Link>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              {cells(r).map(([h, v]) => (
                <div key={h} className="flex justify-between gap-2"><dt className="text-slate-500">{h}</dt><dd>{v}</dd></div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Top affiliates of the range (by revenue in the report's currency). */
export function TopAffiliates({ filters, currency, limit = 10 }: { filters: ReportFilters; currency: string; limit?: number }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.reports.affiliates.queryOptions({ ...filters, sort: 'revenue', limit }));
  const rows = (q.data?.data ?? []).map((a) => ({ ...a, key: a.affiliate_id, href: `/dashboard/affiliates/${a.affiliate_id}`, name: a.name ?? a.ref_code }));
  return (
    <QueryState q={q}>
      <Breakdown title="Top affiliates" label="Top affiliates" rows={rows} currency={currency} empty="No affiliate activity in this range yet: clicks and sales appear here as they are tracked." />
    </QueryState>
  );
}

/** Every campaign with activity in the range. */
export function CampaignBreakdown({ filters, currency }: { filters: ReportFilters; currency: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.reports.campaigns.queryOptions({ ...filters, sort: 'revenue', limit: 100 }));
  const rows = (q.data?.data ?? []).map((c) => ({ ...c, key: c.campaign_id, href: `/dashboard/campaigns/${c.campaign_id}`, name: c.name }));
  return (
    <QueryState q={q}>
      <Breakdown title="By campaign" label="Campaigns" rows={rows} currency={currency} empty="No campaign activity in this range." />
    </QueryState>
  );
}
