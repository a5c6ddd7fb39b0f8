'use client';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/routers/root';

// An import's report in words: what it added (or a dry run would add), what an earlier run
// brought already, the Stripe customers linked, and each record that cannot come over and why.

export type Run = inferRouterOutputs<AppRouter>['imports']['get']['data'];

const KINDS = [
  ['campaign', 'campaigns'],
  ['affiliate', 'affiliates'],
  ['code', 'coupon codes'],
  ['referral', 'referrals'],
  ['commission', 'commissions'],
  ['payout', 'paid payouts'],
] as const;

export const summary = (r: Run) =>
  `${r.dry_run ? 'would add' : 'added'} ${KINDS.map(([k, words]) => `${r.report?.added[k] ?? 0} ${words}`).join(', ')}${r.report?.unmappable_count ? `; ${r.report.unmappable_count} not imported or changed` : ''}`;

export function ImportReportView({ run }: { run: Run }) {
  const report = run.report!;
  const already = KINDS.filter(([k]) => report.already_imported[k]);
  return (
    <div className="space-y-3" data-testid="import-report">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {KINDS.map(([k, words]) => (
          <div key={k} className="rounded border p-2">
            <dt className="text-slate-500">{words}</dt>
            <dd className="text-lg font-semibold" data-testid={`import-added-${k}`}>
              {report.added[k]}{' '}
              <span className="text-xs font-normal text-slate-500">{run.dry_run ? 'to add' : 'added'}</span>
            </dd>
          </div>
        ))}
      </dl>
      {!!already.length && <p>Imported by an earlier run, left as they are: {already.map(([k, words]) => `${report.already_imported[k]} ${words}`).join(', ')}.</p>}
      <p>
        {report.stripe_customers_linked === null
          ? 'No Stripe API key in this workspace: Stripe customers were not scanned for the referral the other platform noted on them.'
          : `Stripe customers ${run.dry_run ? 'to link' : 'linked'} by that platform's referral metadata: ${report.stripe_customers_linked}.`}
      </p>
      {report.unmappable_count > 0 && (
        <details open={report.unmappable.length <= 10}>
          <summary className="cursor-pointer">Not imported or changed ({report.unmappable_count})</summary>
          <ul className="mt-2 list-disc space-y-1 pl-5 wrap-anywhere" data-testid="import-unmappable">
            {report.unmappable.map((u, i) => (
              <li key={i}>
                {u.kind} {u.id}: {u.reason}
              </li>
            ))}
          </ul>
          {report.unmappable_count > report.unmappable.length && <p className="mt-1">… and {report.unmappable_count - report.unmappable.length} more.</p>}
        </details>
      )}
    </div>
  );
}
