'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import Link from 'next/link';
import { Suspense, useState } from 'react';
import { useTRPC } from '../../_components/providers';
import { Badge, Button, ErrorNote, PageHeader, Pager, QueryState, date, focus, inputCls, useCanWrite, useUrlFilters } from '../../_components/ui';
import type { AppRouter } from '@/server/routers/root';

const LIMIT = 50;
const LEVELS = ['critical', 'high', 'medium', 'low'] as const;
type Level = (typeof LEVELS)[number];
type Assessment = inferRouterOutputs<AppRouter>['risk']['flags']['data'][number];
type Evidence = NonNullable<Assessment['evidence']>;

const pct = (n: number | null | undefined) => (n === null || n === undefined ? '—' : `${(n * 100).toFixed(1)}%`);
const num = (n: number | null | undefined, digits = 1) => (n === null || n === undefined ? '—' : Number.isInteger(n) ? String(n) : n.toFixed(digits));

/** The measured numbers behind the score, flattened into label/value pairs. */
function evidenceRows(e: Evidence): [string, string][] {
  return [
    ['Window', `${e.window.days} days (recent ${e.window.recent_days})`],
    ['Clicks', String(e.activity.clicks)],
    ['Conversions', String(e.activity.conversions)],
    ['Sales', String(e.activity.sales)],
    ['Self-referral customer matches', String(e.self_referral.customer_matches)],
    ['Same-device conversions', `${e.self_referral.device_conversions} (${pct(e.self_referral.device_share)})`],
    ['Recent clicks / day', num(e.velocity.recent_daily_clicks)],
    ['Velocity z (own / workspace)', `${num(e.velocity.own_z)} / ${num(e.velocity.workspace_z)}`],
    ['Fingerprints shared', `${e.duplicate_fingerprint.shared_with_top_partner}${e.duplicate_fingerprint.top_partner_ref_code ? ` with ${e.duplicate_fingerprint.top_partner_ref_code}` : ''} (${pct(e.duplicate_fingerprint.share)})`],
    ['IP concentration', `${e.ip_concentration.distinct_ips} addresses, top 3: ${e.ip_concentration.top3_clicks} clicks (${pct(e.ip_concentration.share)})`],
    ['Refunds / chargebacks', `${e.refunds.refunded} / ${e.refunds.chargebacks} of ${e.refunds.sales} (${pct(e.refunds.rate)}; workspace ${pct(e.refunds.workspace_rate)})`],
    ['Conversion rate', `${pct(e.conversion_rate.rate)} (median ${pct(e.conversion_rate.workspace_median)}, z ${num(e.conversion_rate.z)})`],
    ['E-mail domain', `${e.disposable_email.domain ?? '—'}${e.disposable_email.disposable ? ' (disposable)' : ''}`],
  ];
}

type Action = 'dismiss' | 'suspend';

function Actions({ a }: { a: Assessment }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const done = () => {
    setConfirming(null);
    return Promise.all([qc.invalidateQueries({ queryKey: trpc.risk.flags.queryKey() }), qc.invalidateQueries({ queryKey: trpc.affiliates.list.queryKey() })]);
  };
  const dismiss = useMutation(trpc.risk.dismiss.mutationOptions({ onSuccess: done }));
  const suspend = useMutation(trpc.affiliates.update.mutationOptions({ onSuccess: done }));
  const pending = dismiss.isPending || suspend.isPending;
  const who = a.affiliate.name ?? a.affiliate.ref_code;
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Actions for ${who}`}>
      {confirming ? (
        <>
          <span className="text-sm font-medium">
            {confirming === 'dismiss' ? `Dismiss this assessment of ${who} as a false positive?` : `Suspend ${who}? Their links stop earning.`}
          </span>
          <Button
            tone={confirming === 'suspend' ? 'danger' : 'primary'}
            disabled={pending}
            onClick={() => (confirming === 'dismiss' ? dismiss.mutate({ id: a.id }) : suspend.mutate({ id: a.affiliate_id, status: 'suspended' }))}
          >
            {pending ? 'Working…' : 'Confirm'}
          </Button>
          <Button tone="secondary" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
        </>
      ) : (
        <>
          {!a.dismissed_at && (
            <Button tone="secondary" onClick={() => setConfirming('dismiss')}>
              Dismiss
            </Button>
          )}
          {(a.affiliate.status === 'active' || a.affiliate.status === 'pending') && (
            <Button tone="danger" onClick={() => setConfirming('suspend')}>
              Suspend affiliate
            </Button>
          )}
        </>
      )}
      <ErrorNote error={dismiss.error ?? suspend.error} />
    </div>
  );
}

function Item({ a, canWrite }: { a: Assessment; canWrite: boolean }) {
  return (
    <li className="rounded-lg bg-white p-4 shadow-sm" aria-label={`Risk assessment of ${a.affiliate.name ?? a.affiliate.ref_code}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Link href={`/dashboard/affiliates/${a.affiliate_id}`} className={`font-medium text-indigo-700 hover:underline ${focus}`}>
            {a.affiliate.name ?? a.affiliate.email ?? a.affiliate.ref_code}
          </Link>
          <span className="ml-2 font-mono text-xs text-slate-500">{a.affiliate.ref_code}</span>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
            <Badge value={a.risk_level} />
            <span>
              Score <strong data-testid="risk-score">{a.score}</strong>/100
            </span>
            <span>Affiliate: {a.affiliate.status}</span>
            <span>Assessed {date(a.created_at)}</span>
            {a.dismissed_at && <span className="text-slate-500">Dismissed {date(a.dismissed_at)}</span>}
          </div>
        </div>
        <div className="text-right text-sm">
          <span className="text-slate-600">Recommended: </span>
          <strong>{a.recommended_action.replace(/_/g, ' ')}</strong>
        </div>
      </div>
      <p className="mt-3 text-sm">{a.summary}</p>
      {a.flags.length > 0 && (
        <ul aria-label="Flags" className="mt-2 flex flex-wrap gap-1">
          {a.flags.map((f) => (
            <li key={f} className="rounded bg-orange-50 px-2 py-0.5 text-xs text-orange-800">
              {f.replace(/_/g, ' ')}
            </li>
          ))}
        </ul>
      )}
      {a.evidence && (
        <details className="mt-3 text-sm">
          <summary className={`cursor-pointer rounded text-slate-700 ${focus}`}>Evidence</summary>
          <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-2">
            {evidenceRows(a.evidence).map(([k, v]) => (
              <div key={k} className="flex justify-between gap-3 border-b border-slate-100 py-1">
                <dt className="text-slate-600">{k}</dt>
                <dd className="text-right">{v}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-1 text-xs text-slate-500">
            Model {a.evidence.model_version}; summary by {a.evidence.summary_by}.
          </p>
        </details>
      )}
      {canWrite && (
        <div className="mt-3">
          <Actions a={a} />
        </div>
      )}
    </li>
  );
}

function Risk() {
  const trpc = useTRPC();
  const canWrite = useCanWrite();
  const { values, set, offset, setOffset } = useUrlFilters(['risk_level', 'include_dismissed'] as const);
  const level = LEVELS.includes(values.risk_level as Level) ? (values.risk_level as Level) : undefined;
  const includeDismissed = values.include_dismissed === 'true';
  const list = useQuery(
    trpc.risk.flags.queryOptions({ ...(level ? { risk_level: level } : {}), ...(includeDismissed ? { include_dismissed: 'true' } : {}), limit: LIMIT, offset }),
  );
  const rows = [...(list.data?.data ?? [])].sort((x, y) => LEVELS.indexOf(x.risk_level) - LEVELS.indexOf(y.risk_level) || y.score - x.score);
  return (
    <div className="space-y-4">
      <PageHeader title="Risk triage">
        <div className="flex flex-wrap items-end gap-3">
          <label className="text-sm">
            Risk level
            <select value={level ?? ''} onChange={(e) => set({ risk_level: e.target.value })} className={inputCls}>
              <option value="">All</option>
              {LEVELS.map((l) => (
                <option key={l}>{l}</option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 pb-2 text-sm">
            <input type="checkbox" checked={includeDismissed} onChange={(e) => set({ include_dismissed: e.target.checked ? 'true' : '' })} className={focus} />
            Include dismissed
          </label>
        </div>
      </PageHeader>
      <p className="text-sm text-slate-600">Each affiliate&apos;s newest assessment, riskiest first. The engine never changes an affiliate by itself.</p>
      <QueryState q={list} empty={rows.length === 0 && offset === 0}>
        <ul className="space-y-3" aria-label="Risk queue">
          {rows.map((a) => (
            <Item key={a.id} a={a} canWrite={canWrite} />
          ))}
        </ul>
        <Pager offset={offset} limit={LIMIT} count={rows.length} onChange={setOffset} />
      </QueryState>
    </div>
  );
}

export default function RiskPage() {
  return (
    <Suspense>
      <Risk />
    </Suspense>
  );
}
