'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../_components/providers';
import { PageHeader, inputCls, useUrlFilters } from '../../_components/ui';
import { Kpis, type ReportFilters } from '../_stats/kpis';
import { MetricChart } from '../_stats/metric-chart';
import { CampaignFilter } from '../products/campaign-select';
import { CampaignBreakdown, TopAffiliates } from './breakdowns';
import { PRESETS, presetRange, previousRange, todayLocal, type Preset } from './range';
import { RangePicker } from './range-picker';

export default function ReportsPage() {
  const trpc = useTRPC();
  const { values, set } = useUrlFilters(['range', 'from', 'to', 'compare', 'currency', 'campaign_id'] as const);
  const preset = (PRESETS.find(([p]) => p === values.range)?.[0] ?? '30d') as Preset;
  const range = presetRange(preset, todayLocal(), { from: values.from, to: values.to });
  const compare = values.compare === '1';
  const filters: ReportFilters = { ...range, ...(values.currency ? { currency: values.currency } : {}), ...(values.campaign_id ? { campaign_id: values.campaign_id } : {}) };
  const summary = useQuery(trpc.reports.summary.queryOptions(filters)).data?.data;
  const currency = summary?.currency ?? 'usd';
  const currencies = [...new Set([currency, ...(summary?.by_currency.map((c) => c.currency) ?? [])])];
  return (
    <div className="space-y-6">
      <PageHeader title="Reports">{summary && <p className="text-sm text-slate-600" data-testid="report-range">{summary.from} – {summary.to}</p>}</PageHeader>
      <div className="flex flex-wrap items-end gap-3">
        <RangePicker preset={preset} range={range} compare={compare} onChange={set} />
        <CampaignFilter value={values.campaign_id} onChange={(campaign_id) => set({ campaign_id })} />
        {currencies.length > 1 && (
          <label className="text-sm">
            Money in
            <select value={currency} onChange={(e) => set({ currency: e.target.value })} className={inputCls}>
              {currencies.map((c) => <option key={c} value={c}>{c.toUpperCase()}</option>)}
            </select>
          </label>
        )}
      </div>
      <Kpis filters={filters} previous={compare ? previousRange(range) : undefined} />
      <MetricChart filters={filters} previous={compare ? previousRange(range) : undefined} />
      <div className="grid gap-6 xl:grid-cols-2">
        <CampaignBreakdown filters={filters} currency={currency} />
        <TopAffiliates filters={filters} currency={currency} />
      </div>
    </div>
  );
}
