'use client';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '../_components/providers';
import { PageHeader, focus } from '../_components/ui';
import { Kpis } from './_stats/kpis';
import { MetricChart } from './_stats/metric-chart';
import { AttentionStrip } from './attention';
import { JobFailures } from './job-failures';
import { OnboardingChecklist } from './onboarding/checklist';
import { TopAffiliates } from './reports/breakdowns';

export default function OverviewPage() {
  const trpc = useTRPC();
  // Reports default to the last 30 days in the workspace time zone, read from the daily rollups.
  const s = useQuery(trpc.reports.summary.queryOptions({})).data?.data;
  return (
    <div className="space-y-6">
      <PageHeader title="Overview">
        <p className="text-sm text-slate-600">
          {s && `${s.from} – ${s.to} · `}
          <Link className={`text-indigo-700 underline ${focus}`} href="/dashboard/reports">Other ranges and breakdowns</Link>
        </p>
      </PageHeader>
      <OnboardingChecklist />
      <JobFailures />
      <AttentionStrip />
      <Kpis />
      <MetricChart />
      <TopAffiliates filters={{}} currency={s?.currency ?? 'usd'} limit={5} />
    </div>
  );
}
