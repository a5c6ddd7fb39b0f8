import { and, eq, inArray } from 'drizzle-orm';
import { affiliates } from '@/db/schema';
import type { RiskSignals } from '../../contracts/risk';
import type { WorkspaceCtx } from '../context';
import { MIN_CLICKS_FOR_RATE, REFUND_PRIOR_SALES, recentDaily, smoothedRate, windowClicks, workspaceBaselines } from './baselines';
import { dailyClicksByAffiliate } from './click-activity';
import { conversionStatsByAffiliate } from './conversion-stats';
import { domainOf, isDisposableDomain } from './disposable-domains';
import { ipConcentrationByAffiliate } from './ip-concentration';
import { logit, median, robustZ, round } from './robust';
import { deviceConversionsByAffiliate } from './self-referral-devices';
import { sharedFingerprintsByAffiliate } from './shared-fingerprints';
import { ageInDays, RECENT_DAYS, riskWindow, WINDOW_DAYS } from './window';

export type AssessedAffiliate = Pick<typeof affiliates.$inferSelect, 'id' | 'email' | 'payoutEmail' | 'refCode' | 'createdAt'>;

// Floors of the robust z-scores: one click a day (or the Poisson noise of the baseline) for an
// affiliate's own history; a factor of e^0.5 ≈ 1.65 between peers' click rates; 0.25 in log-odds
// between peers' conversion rates. Below these, differences are noise, not anomalies.
const OWN_FLOOR = (baselineMedian: number) => Math.max(1, Math.sqrt(baselineMedian));
const PEER_VELOCITY_FLOOR = 0.5;
const PEER_RATE_FLOOR = 0.25;
const MIN_BASELINE_DAYS = 7;

/** Every signal for `targets`, measured over the window ending at `now`, against their workspace. */
export async function gatherSignals({ ctx, now, targets }: { ctx: WorkspaceCtx; now: Date; targets: AssessedAffiliate[] }) {
  const w = riskWindow(now);
  const only = targets.map((t) => t.id);
  const daily = await dailyClicksByAffiliate({ ctx, w });
  const conversions = await conversionStatsByAffiliate({ ctx, w });
  const base = workspaceBaselines(daily, conversions);
  const clicksIn = new Map(only.map((id) => [id, windowClicks(daily.get(id))]));
  const ips = await ipConcentrationByAffiliate(ctx.db, ctx.workspaceId, w, only);
  const fingerprints = await sharedFingerprintsByAffiliate(ctx.db, ctx.workspaceId, w, only);
  const devices = await deviceConversionsByAffiliate(ctx.db, ctx.workspaceId, w, clicksIn, only);
  const partnerIds = [...new Set([...fingerprints.values()].flatMap((f) => (f.topPartnerId ? [f.topPartnerId] : [])))];
  const partners = partnerIds.length
    ? await ctx.db
        .select({ id: affiliates.id, refCode: affiliates.refCode })
        .from(affiliates)
        .where(and(eq(affiliates.workspaceId, ctx.workspaceId), inArray(affiliates.id, partnerIds)))
    : [];
  const refCodeOf = new Map(partners.map((p) => [p.id, p.refCode]));

  const out = new Map<string, RiskSignals>();
  for (const a of targets) {
    const series = daily.get(a.id);
    const clicks = clicksIn.get(a.id) ?? 0;
    const conv = conversions.get(a.id) ?? { conversions: 0, sales: 0, refunded: 0, chargebacks: 0, customerMatches: 0 };

    // A new affiliate's days before it joined are no history: they would read as a quiet past.
    const daysActive = ageInDays(now, a.createdAt) + 1;
    const recentDays = Math.max(1, Math.min(RECENT_DAYS, daysActive));
    const recent = recentDaily(series, recentDays);
    const baseline = (series ?? []).slice(RECENT_DAYS, Math.max(RECENT_DAYS, Math.min(series?.length ?? 0, daysActive)));
    const baselineMedian = baseline.length >= MIN_BASELINE_DAYS ? median(baseline) : null;
    const ownZ = baselineMedian === null ? null : robustZ(recent, baseline, OWN_FLOOR(baselineMedian));
    const peerZ = base.velocityLogs && clicks > 0 ? robustZ(Math.log1p(recent), base.velocityLogs, PEER_VELOCITY_FLOOR) : null;

    const rateZ =
      base.rateLogits && clicks >= MIN_CLICKS_FOR_RATE
        ? robustZ(logit(smoothedRate(conv.conversions, clicks, base.conversionRate)), base.rateLogits, PEER_RATE_FLOOR)
        : null;

    const returned = conv.refunded + conv.chargebacks;
    const ip = ips.get(a.id) ?? { clicksWithIp: 0, top3Clicks: 0, distinctIps: 0 };
    const fp = fingerprints.get(a.id) ?? {
      fingerprints: 0,
      clicksWithFingerprint: 0,
      partners: 0,
      topPartnerId: null,
      sharedWithTopPartner: 0,
      clicksSharedWithTopPartner: 0,
    };
    const dev = devices.get(a.id) ?? { withVisitor: 0, onOwnDevice: 0 };
    const domains = [domainOf(a.email), domainOf(a.payoutEmail)].filter((d): d is string => d !== null);
    const disposableDomain = domains.find(isDisposableDomain) ?? null;

    out.set(a.id, {
      window: { from: w.from.toISOString(), to: w.to.toISOString(), days: WINDOW_DAYS, recent_days: recentDays },
      activity: { clicks, conversions: conv.conversions, sales: conv.sales },
      self_referral: {
        customer_matches: conv.customerMatches,
        device_conversions: dev.onOwnDevice,
        conversions_with_visitor: dev.withVisitor,
        // Shrunk toward 0 below four conversions: one coincidence is not a pattern.
        device_share: round(dev.onOwnDevice / Math.max(dev.withVisitor, 4), 4),
      },
      velocity: {
        recent_daily_clicks: round(recent),
        baseline_daily_median: baselineMedian,
        own_z: ownZ === null ? null : round(ownZ),
        workspace_daily_median: base.velocityMedian === null ? null : round(base.velocityMedian),
        workspace_z: peerZ === null ? null : round(peerZ),
      },
      duplicate_fingerprint: {
        fingerprints: fp.fingerprints,
        clicks_with_fingerprint: fp.clicksWithFingerprint,
        top_partner_ref_code: fp.topPartnerId ? (refCodeOf.get(fp.topPartnerId) ?? null) : null,
        shared_with_top_partner: fp.sharedWithTopPartner,
        clicks_shared_with_top_partner: fp.clicksSharedWithTopPartner,
        partners: fp.partners,
        share: round(fp.clicksSharedWithTopPartner / Math.max(fp.clicksWithFingerprint, 20), 4),
      },
      ip_concentration: {
        clicks_with_ip: ip.clicksWithIp,
        top3_clicks: ip.top3Clicks,
        distinct_ips: ip.distinctIps,
        // Clicks beyond one per address among the busiest three: a real audience of distinct
        // people scores near 0 however small, a few proxies carrying hundreds of clicks near 1.
        share: round((ip.top3Clicks - Math.min(3, ip.distinctIps)) / Math.max(ip.clicksWithIp, 20), 4),
      },
      refunds: {
        sales: conv.sales,
        refunded: conv.refunded,
        chargebacks: conv.chargebacks,
        rate: conv.sales ? round(returned / conv.sales, 4) : null,
        smoothed_rate: round((returned + REFUND_PRIOR_SALES * base.refundRate) / (conv.sales + REFUND_PRIOR_SALES), 4),
        workspace_rate: round(base.refundRate, 4),
      },
      conversion_rate: {
        rate: clicks ? round(conv.conversions / clicks, 4) : null,
        workspace_median: base.rateMedian === null ? null : round(base.rateMedian, 4),
        z: rateZ === null ? null : round(rateZ),
      },
      disposable_email: { domain: disposableDomain ?? domains[0] ?? null, disposable: disposableDomain !== null },
    });
  }
  return out;
}
