'use client';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '../_components/providers';
import { Card, PageHeader, QueryState, focus, money } from '../_components/ui';
import { Kpis } from './_stats/kpis';
import { MetricChart } from './_stats/metric-chart';
import { AttentionStrip } from './attention';

export default function OverviewPage() {
  const trpc = useTRPC();
  // Reports default to the last 30 days in the workspace time zone, read from the daily rollups.
  const summary = useQuery(trpc.reports.summary.queryOptions({}));
  const top = useQuery(trpc.reports.affiliates.queryOptions({ sort: 'revenue', limit: 5 }));
  const s = summary.data?.data;
  const currency = s?.currency ?? 'usd';

  return (
    <div className="space-y-6">
      <PageHeader title="Overview">{s && <p className="text-sm text-slate-600">{s.from} – {s.to}</p>}</PageHeader>
      <AttentionStrip />
      <Kpis />
      <MetricChart />
      <Card title="Top affiliates (30 days)">
        <QueryState q={top}>
          {(top.data?.data ?? []).length === 0 ? (
            <p className="text-sm text-slate-500">No activity yet.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm" aria-label="Top affiliates">
                <thead className="text-left text-slate-600">
                  <tr>
                    <th className="py-2 pr-3 font-medium">Affiliate</th>
                    <th className="py-2 pr-3 text-right font-medium">Clicks</th>
                    <th className="py-2 pr-3 text-right font-medium">Conversions</th>
                    <th className="py-2 pr-3 text-right font-medium">Revenue</th>
                    <th className="py-2 text-right font-medium">Commissions</th>
                  </tr>
                </thead>
                <tbody>
                  {top.data!.data.map((a) => (
                    <tr key={a.affiliate_id} className="border-t">
                      <td className="py-2 pr-3">
                        <Link href={`/dashboard/affiliates/${a.affiliate_id}`} className={`text-indigo-700 hover:underline ${focus}`}>
                          {a.name ?? a.ref_code}
                        </Link>
                      </td>
                      <td className="py-2 pr-3 text-right">{a.clicks}</td>
                      <td className="py-2 pr-3 text-right">{a.conversions}</td>
                      <td className="py-2 pr-3 text-right">{money(a.revenue, currency)}</td>
                      <td className="py-2 text-right">{money(a.commissions, currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryState>
      </Card>
    </div>
  );
}
