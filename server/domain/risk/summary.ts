import type { RecommendedAction, RiskFlag, RiskLevel, RiskSignals } from '../../contracts/risk';

// The plain-language summary: built only from the measured numbers, so a reader can check every
// claim against the evidence. No adjectives; the numbers carry the weight.

const n = (x: number) => x.toLocaleString('en-US');
const pct = (x: number | null) => (x === null ? 'n/a' : `${(100 * x).toFixed(x < 0.01 && x > 0 ? 2 : 1)}%`);
const zText = (z: number | null) => (z === null ? '' : ` (robust z ${z.toFixed(1)})`);

const SENTENCES: Record<RiskFlag, (s: RiskSignals) => string> = {
  self_referral: (s) => {
    const r = s.self_referral;
    const parts = [];
    if (r.customer_matches) parts.push(`${n(r.customer_matches)} conversion(s) name the affiliate's own e-mail, id or ref code as the customer`);
    if (r.device_conversions)
      parts.push(`${n(r.device_conversions)} of ${n(r.conversions_with_visitor)} conversions came from a device that also made a large share of its clicks`);
    return `Self-referral: ${parts.join('; ')}.`;
  },
  velocity_anomaly: (s) => {
    const v = s.velocity;
    const own = v.baseline_daily_median === null ? '' : ` vs a median of ${n(v.baseline_daily_median)}/day in the 4 weeks before${zText(v.own_z)}`;
    const peers = v.workspace_daily_median === null ? '' : `; workspace median ${n(v.workspace_daily_median)}/day${zText(v.workspace_z)}`;
    return `Click velocity: ${n(v.recent_daily_clicks)} clicks/day over the last ${s.window.recent_days} days${own}${peers}.`;
  },
  duplicate_fingerprint: (s) => {
    const d = s.duplicate_fingerprint;
    return `Shared devices: ${n(d.clicks_shared_with_top_partner)} of ${n(d.clicks_with_fingerprint)} fingerprinted clicks (${pct(d.share)}) carry ${n(d.shared_with_top_partner)} fingerprint(s) also seen on affiliate ${d.top_partner_ref_code ?? 'unknown'}.`;
  },
  ip_concentration: (s) => {
    const i = s.ip_concentration;
    return `Address concentration: ${n(i.top3_clicks)} of ${n(i.clicks_with_ip)} clicks came from 3 addresses (${n(i.distinct_ips)} distinct in all).`;
  },
  high_refund_rate: (s) => {
    const r = s.refunds;
    return `Refunds: ${n(r.refunded)} refunded and ${n(r.chargebacks)} charged back of ${n(r.sales)} sales (${pct(r.rate)}; workspace ${pct(r.workspace_rate)}).`;
  },
  conversion_rate_anomaly: (s) => {
    const c = s.conversion_rate;
    return `Conversion rate: ${n(s.activity.conversions)} conversions from ${n(s.activity.clicks)} clicks (${pct(c.rate)}) vs a workspace median of ${pct(c.workspace_median)}${zText(c.z)}.`;
  },
  disposable_email: (s) => `Disposable e-mail: the address domain ${s.disposable_email.domain} is on the disposable-domain list.`,
};

const ACTIONS: Record<RecommendedAction, string> = {
  none: 'No action recommended.',
  monitor: 'Recommended: monitor.',
  review: 'Recommended: review by a person.',
  hold_commissions: 'Recommended: hold commissions until reviewed.',
  suspend: 'Recommended: suspend after review (the engine itself changes nothing).',
};

export function plainSummary(a: { score: number; level: RiskLevel; action: RecommendedAction; flags: RiskFlag[]; signals: RiskSignals }): string {
  const s = a.signals;
  const head = `Risk ${a.score}/100 (${a.level}) over the last ${s.window.days} days: ${n(s.activity.clicks)} clicks, ${n(s.activity.conversions)} conversions, ${n(s.activity.sales)} sales.`;
  const body = a.flags.length
    ? a.flags.map((f) => SENTENCES[f](s)).join(' ')
    : 'No signal reached its threshold.';
  return `${head} ${body} ${ACTIONS[a.action]}`;
}
