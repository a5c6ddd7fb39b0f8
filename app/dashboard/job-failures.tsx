'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../_components/providers';

/** A background job failing for this workspace, shown until its next run succeeds. */
export function JobFailures() {
  const trpc = useTRPC();
  const failures = useQuery(trpc.reports.jobFailures.queryOptions()).data?.data ?? [];
  if (!failures.length) return null;
  return (
    <section role="alert" aria-label="Background jobs failing" className="rounded-lg border-l-4 border-red-600 bg-red-50 p-4 text-sm">
      <p className="font-semibold text-red-900">Background work is failing for this program</p>
      <ul className="mt-2 space-y-1 text-red-900" data-testid="job-failures">
        {failures.map((f) => (
          <li key={f.job}>
            {f.label}: failing since {new Date(f.first_failed_at).toLocaleString()} ({f.failures}{' '}
            {f.failures === 1 ? 'try' : 'tries'}). <span className="font-mono">{f.error}</span> It is retried automatically.
          </li>
        ))}
      </ul>
    </section>
  );
}
