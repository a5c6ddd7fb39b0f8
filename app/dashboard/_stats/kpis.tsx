'use client';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterInputs } from '@trpc/server';
import { formatChange, formatRatio } from '@/server/model/money';
import type { AppRouter } from '@/server/routers/root';
import { useTRPC } from '../../_components/providers';
import { QueryState, money } from '../../_components/ui';

export type ReportFilters = inferRouterInputs<AppRouter>["reports"]["summary"];

function Kpi({ label, value, change, testId }: { label: string; value: string; change?: string | null; testId: string }) {
  const up = change?.startsWith('+');
  return (
    <div className="rounded-lg bg-white p-4 shadow-sm">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold" data-testid={testId}>
        {value}
      </p>
      {change !== undefined && (
        <p className={`text-xs ${change === null ? 'text-slate-400' : up ? 'text-emerald-700' : change === '0.0%' ? 'text-slate-500' : 'text-red-700'}`} data-testid={`${testId}-change`}>
          {change === null ? 'no earlier data' : `${change} vs previous period`}
        </p>
      )}
    </div>
  );
}

/**
 * A range's numbers (workspace time zone, from the daily rollups), for the program, a campaign or
 * an affiliate; with `previous`, each against the period before. Money is in one currency (the
 * filter's, else the program's); other currencies of the range are listed apart, never added.
 */
export function Kpis({ filters = {}, previous }: { filters?: ReportFilters; previous?: { from: string; to: string } }) {
  const trpc = useTRPC();
  const summary = useQuery(trpc.reports.summary.queryOptions(filters));
  const before = useQuery({ ...trpc.reports.summary.queryOptions({ ...filters, ...previous }), enabled: !!previous });
  const s = summary.data?.data;
  const p = previous ? before.data?.data : undefined;
  const change = (now: number, then: number | undefined) => (previous ? (then === undefined ? undefined : formatChange(now, then)) : undefined);
  const others = s?.by_currency.filter((c) => c.currency !== s.currency) ?? [];
  return (
    <QueryState q={summary}>
      {s && (
        <section aria-label={`Numbers from ${s.from} to ${s.to}`} className="space-y-2">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-6">
            <Kpi label="Clicks" value={String(s.clicks)} change={change(s.clicks, p?.clicks)} testId="kpi-clicks" />
            <Kpi label="Leads" value={String(s.leads)} change={change(s.leads, p?.leads)} testId="kpi-leads" />
            <Kpi label="Sales" value={String(s.sales)} change={change(s.sales, p?.sales)} testId="kpi-sales" />
            <Kpi label="Conversion rate" value={formatRatio(s.conversion_rate)} testId="kpi-rate" />
            <Kpi label={`Net revenue (${s.currency.toUpperCase()})`} value={money(s.revenue, s.currency)} change={change(s.revenue, p?.revenue)} testId="kpi-revenue" />
            <Kpi label={`Commissions (${s.currency.toUpperCase()})`} value={money(s.commissions, s.currency)} change={change(s.commissions, p?.commissions)} testId="kpi-commissions" />
          </div>
          {others.length > 0 && (
            <p className="text-sm text-slate-600" data-testid="other-currencies">
              Also in this range, kept apart: {others.map((c) => `${money(c.revenue, c.currency)} revenue and ${money(c.commissions, c.currency)} commissions from ${c.sales} sale${c.sales === 1 ? '' : 's'} in ${c.currency.toUpperCase()}`).join('; ')}.
            </p>
          )}
        </section>
      )}
    </QueryState>
  );
}
