'use client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney } from '@/server/model/money';
import { TrendChart } from '../../_components/charts/trend-chart';
import { useTRPC } from '../../_components/providers';
import { Card, QueryState, focus, money } from '../../_components/ui';
import type { ReportFilters } from './kpis';

const METRICS = [
  ['clicks', 'Clicks'],
  ['conversions', 'Conversions'],
  ['revenue', 'Revenue'],
  ['commissions', 'Commissions'],
] as const;
type Metric = (typeof METRICS)[number][0];

/**
 * One metric per day over the range (default the last 30 days), with a switch; the program's, a
 * campaign's or an affiliate's. With `previous`, the period before as a dashed line.
 */
export function MetricChart({ filters = {}, previous }: { filters?: ReportFilters; previous?: { from: string; to: string } }) {
  const trpc = useTRPC();
  const [metric, setMetric] = useState<Metric>('clicks');
  const series = useQuery(trpc.reports.timeseries.queryOptions({ metric, interval: 'day', ...filters }));
  const before = useQuery({ ...trpc.reports.timeseries.queryOptions({ metric, interval: 'day', ...filters, ...previous }), enabled: !!previous });
  // The same query as the KPIs beside it (shared from the cache): it names the report's currency.
  const currency = useQuery(trpc.reports.summary.queryOptions(filters)).data?.data.currency ?? 'usd';
  const isMoney = metric === 'revenue' || metric === 'commissions';
  const fmt = (n: number) => (isMoney ? money(n, currency) : String(n));
  const axis = (n: number) => (isMoney ? formatMoney(n, currency, { compact: true }) : new Intl.NumberFormat('en-US', { notation: 'compact' }).format(n));
  const metricLabel = METRICS.find(([m]) => m === metric)![1];
  const prev = before.data?.data.points ?? [];
  const points = (series.data?.data.points ?? []).map((p, i) => ({ ...p, ...(previous && prev[i] ? { previous: prev[i].value, previousPeriod: prev[i].period } : {}) }));
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
        <TrendChart points={points} label={`${metricLabel} per day`} format={fmt} formatAxis={axis} compare={!!previous} />
        <p className="text-xs text-slate-500">
          Total: <span data-testid="series-total">{fmt(points.reduce((t, p) => t + p.value, 0))}</span>
          {previous && <> · previous period {fmt(prev.reduce((t, p) => t + p.value, 0))}</>}
        </p>
      </QueryState>
    </Card>
  );
}
