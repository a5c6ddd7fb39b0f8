'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../_components/providers';
import { QueryState, money } from '../../_components/ui';

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

/**
 * The last 30 days in numbers (workspace time zone, from the daily rollups), for the whole
 * program (Overview) or one affiliate (its page).
 */
export function Kpis({ affiliateId }: { affiliateId?: string }) {
  const trpc = useTRPC();
  const summary = useQuery(trpc.reports.summary.queryOptions(affiliateId ? { affiliate_id: affiliateId } : {}));
  const s = summary.data?.data;
  return (
    <QueryState q={summary}>
      {s && (
        <section aria-label={`Last 30 days (${s.from} – ${s.to})`} className="grid grid-cols-2 gap-3 lg:grid-cols-6">
          <Kpi label="Clicks" value={String(s.clicks)} testId="kpi-clicks" />
          <Kpi label="Leads" value={String(s.leads)} testId="kpi-leads" />
          <Kpi label="Sales" value={String(s.sales)} testId="kpi-sales" />
          <Kpi label="Conversion rate" value={percent(s.conversion_rate)} testId="kpi-rate" />
          <Kpi label="Net revenue" value={money(s.revenue, s.currency)} testId="kpi-revenue" />
          <Kpi label="Commissions" value={money(s.commissions, s.currency)} testId="kpi-commissions" />
        </section>
      )}
    </QueryState>
  );
}
