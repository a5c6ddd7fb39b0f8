import { formatRatio } from '@/server/model/money';
import { focus } from '../../_components/ui';
import type { Evidence } from './types';

const pct = (n: number | null | undefined) => formatRatio(n ?? null);
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

/** Collapsed by default: the summary is what a manager reads first; the numbers back it up. */
export function EvidenceDetails({ evidence }: { evidence: Evidence }) {
  return (
    <details className="mt-3 text-sm">
      <summary className={`cursor-pointer rounded text-slate-700 ${focus}`}>Evidence</summary>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-2">
        {evidenceRows(evidence).map(([k, v]) => (
          <div key={k} className="flex justify-between gap-3 border-b border-slate-100 py-1">
            <dt className="text-slate-600">{k}</dt>
            <dd className="text-right">{v}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-1 text-xs text-slate-500">
        Model {evidence.model_version}; summary by {evidence.summary_by}.
      </p>
    </details>
  );
}
