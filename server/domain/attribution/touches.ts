import { MAX_TOUCHES } from '../../contracts/limits';
import type { AFFILIATE_STATUSES } from '../../model/enums';
import { DAY_MS } from '../tracking/confidence';
import type { Touch } from './attribute';

// Which clicks are a conversion's touches (docs/attribution.md#how-a-conversion-finds-its-affiliate),
// as pure functions. server/store/touches.ts reads them in SQL, its terms built from the constants
// here; touches.property.test.ts (server/store) checks that the two agree.

/** Which clicks are the visitor's: by its cookie, its fingerprint, or its ip and user agent (hashed). */
export type TouchMatch = { by: 'cookie'; visitorKey: string } | { by: 'fingerprint'; fingerprint: string } | { by: 'ip'; ipHash: string; uaHash: string };

/** The status an affiliate must still have for its clicks to count. */
export const TOUCH_AFFILIATE_STATUS = 'active' satisfies (typeof AFFILIATE_STATUSES)[number];

/**
 * A cookie window's two ends: it runs back `windowDays` days from the conversion's moment, which
 * is inside it, to a start that is not (a click exactly windowDays before is out).
 */
export const WINDOW_ENDS = { end: 'inclusive', start: 'exclusive' } as const;

/** A click as the rule reads it. */
export type ClickSeen = Omit<Touch, 'model' | 'windowDays'> & { fingerprint: string | null; ipHash: string | null; uaHash: string | null };
export type CampaignSeen = { id: string; model: Touch['model']; windowDays: number };
export type AffiliateSeen = { id: string; status: (typeof AFFILIATE_STATUSES)[number] };

/** Whether `ts` lies in a cookie window of `windowDays` days that ends at `at`. */
export function insideWindow(ts: Date, at: Date, windowDays: number): boolean {
  const start = at.getTime() - windowDays * DAY_MS;
  const afterStart = WINDOW_ENDS.start === 'exclusive' ? ts.getTime() > start : ts.getTime() >= start;
  const beforeEnd = WINDOW_ENDS.end === 'inclusive' ? ts.getTime() <= at.getTime() : ts.getTime() < at.getTime();
  return afterStart && beforeEnd;
}

/** Whether the click is `match`'s visitor's. */
export function matchesClick(match: TouchMatch, click: ClickSeen): boolean {
  if (match.by === 'cookie') return click.visitorKey === match.visitorKey;
  if (match.by === 'fingerprint') return click.fingerprint !== null && click.fingerprint === match.fingerprint;
  return click.ipHash === match.ipHash && click.uaHash === match.uaHash;
}

/** Whether a click of `campaign` by `affiliate` is a touch of a conversion at `at`: inside the campaign's window, its affiliate still active. */
export function isTouch(click: ClickSeen, campaign: CampaignSeen, affiliate: AffiliateSeen, at: Date): boolean {
  return affiliate.status === TOUCH_AFFILIATE_STATUS && insideWindow(click.ts, at, campaign.windowDays);
}

/**
 * The touches of a conversion at `at` among the workspace's clicks: those `match` finds that are
 * touches (isTouch), oldest first, at most MAX_TOUCHES (the oldest).
 */
export function touchesOf(
  match: TouchMatch,
  clicks: ClickSeen[],
  campaigns: ReadonlyMap<string, CampaignSeen>,
  affiliates: ReadonlyMap<string, AffiliateSeen>,
  at: Date,
): Touch[] {
  const touches: Touch[] = [];
  for (const click of clicks) {
    const campaign = campaigns.get(click.campaignId);
    const affiliate = affiliates.get(click.affiliateId);
    if (!campaign || !affiliate || !matchesClick(match, click) || !isTouch(click, campaign, affiliate, at)) continue;
    const { clickId, affiliateId, campaignId, ts, visitorKey } = click;
    touches.push({ clickId, affiliateId, campaignId, ts, visitorKey, model: campaign.model, windowDays: campaign.windowDays });
  }
  return touches.sort((x, y) => x.ts.getTime() - y.ts.getTime()).slice(0, MAX_TOUCHES);
}
