'use client';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { BarChart } from '../_components/bar-chart';
import { useTRPC } from '../_components/providers';
import { Card, PageHeader, QueryState, focus, money } from '../_components/ui';
import { AttentionStrip } from './attention';

const METRICS = [
  ['clicks', 'Clicks'],
  ['conversions', 'Conversions'],
  ['revenue', 'Revenue'],
  ['commissions', 'Commissions'],
] as const;
type Metric = (typeof METRICS)[number][0];

const percent = (r: number | null) => (r === null ? '—' : `${(r * 100).toFixed(1)}%`);

function Kpi({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg bg-white p-4 shadow-sm">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

export default function OverviewPage() {
  const trpc = useTRPC();
  const [metric, setMetric] = useState<Metric>('clicks');
  // Reports default to the last 30 days in the workspace time zone, read from the daily rollups.
  const summary = useQuery(trpc.reports.summary.queryOptions({}));
  const series = useQuery(trpc.reports.timeseries.queryOptions({ metric, interval: 'day' }));
  const top = useQuery(trpc.reports.affiliates.queryOptions({ sort: 'revenue', limit: 5 }));

  const s = summary.data?.data;
  const currency = s?.currency ?? 'usd';
  const isMoney = metric === 'revenue' || metric === 'commissions';
  const fmt = (n: number) => (isMoney ? money(n, currency) : String(n));
  const metricLabel = METRICS.find(([m]) => m === metric)![1];

  return (
    <div className="space-y-6">
      <PageHeader title="Overview">{s && <p className="text-sm text-slate-600">{s.from} – {s.to}</p>}</PageHeader>
      <AttentionStrip />
      <QueryState q={summary}>
        {s && (
          <section aria-label="Last 30 days" className="grid grid-cols-2 gap-3 lg:grid-cols-6">
            <Kpi label="Clicks" value={String(s.clicks)} testId="kpi-clicks" />
            <Kpi label="Leads" value={String(s.leads)} testId="kpi-leads" />
            <Kpi label="Sales" value={String(s.sales)} testId="kpi-sales" />
            <Kpi label="Conversion rate" value={percent(s.conversion_rate)} testId="kpi-rate" />
            <Kpi label="Net revenue" value={money(s.revenue, currency)} testId="kpi-revenue" />
            <Kpi label="Commissions" value={money(s.commissions, currency)} testId="kpi-commissions" />
          </section>
        )}
      </QueryState>
      <Card title={`${metricLabel} per day`}>
        <div role="group" aria-label="Chart metric" className="mb-3 flex flex-wrap gap-1">
          {METRICS.map(([m, label]) => (
            <button
              key={m}
              type="button"
              aria-pressed={metric === m}
              onClick={() => setMetric(m)}
              className={`rounded px-3 py-1 text-sm ${metric === m ? 'bg-indigo-600 text-white' : 'border bg-white text-slate-800 hover:bg-slate-50'} ${focus}`}
            >
              {label}
            </button>
          ))}
        </div>
        <QueryState q={series}>
          <BarChart
            points={(series.data?.data.points ?? []).map((p) => ({ label: p.period.slice(5), value: p.value }))}
            label={`${metricLabel} per day, last 30 days`}
            format={fmt}
          />
          <p className="text-xs text-slate-500">
            Total: <span data-testid="series-total">{fmt((series.data?.data.points ?? []).reduce((t, p) => t + p.value, 0))}</span>
          </p>
        </QueryState>
      </Card>
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
