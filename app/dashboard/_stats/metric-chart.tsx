'use client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BarChart } from '../../_components/bar-chart';
import { useTRPC } from '../../_components/providers';
import { Card, QueryState, focus, money } from '../../_components/ui';

const METRICS = [
  ['clicks', 'Clicks'],
  ['conversions', 'Conversions'],
  ['revenue', 'Revenue'],
  ['commissions', 'Commissions'],
] as const;
type Metric = (typeof METRICS)[number][0];

/** One metric per day over the last 30 days, with a switch; the program's or one affiliate's. */
export function MetricChart({ affiliateId }: { affiliateId?: string }) {
  const trpc = useTRPC();
  const [metric, setMetric] = useState<Metric>('clicks');
  const filters = affiliateId ? { affiliate_id: affiliateId } : {};
  const series = useQuery(trpc.reports.timeseries.queryOptions({ metric, interval: 'day', ...filters }));
  // The same query as the KPIs beside it (shared from the cache): it names the program's currency.
  const currency = useQuery(trpc.reports.summary.queryOptions(filters)).data?.data.currency ?? 'usd';
  const isMoney = metric === 'revenue' || metric === 'commissions';
  const fmt = (n: number) => (isMoney ? money(n, currency) : String(n));
  const metricLabel = METRICS.find(([m]) => m === metric)![1];
  const points = series.data?.data.points ?? [];
  return (
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
        <BarChart points={points.map((p) => ({ label: p.period.slice(5), value: p.value }))} label={`${metricLabel} per day, last 30 days`} format={fmt} />
        <p className="text-xs text-slate-500">
          Total: <span data-testid="series-total">{fmt(points.reduce((t, p) => t + p.value, 0))}</span>
        </p>
      </QueryState>
    </Card>
  );
}
