// GET /r/{ref_code}: record the click and send the visitor to the campaign's landing page
import { referralUrl } from '../contracts/link';
import { recordClick } from '../domain/tracking/record-click';
import { spend, type RateLimiter } from '../lib/rate-limit';
import type { Services } from '../trpc/context';
import { HANDOFF_PARAM, readCookie, VISITOR_COOKIE, visitorCookie, type BrowserRequest, type BrowserResponse } from './exchange';
import { referralTargets } from './lookup';

const page = (status: number, message: string, extra: Record<string, string> = {}): BrowserResponse => ({
  status,
  headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...extra },
  body: `<!doctype html><meta charset="utf-8"><title>${message}</title><h1>${message}</h1>`,
});
const notFoundPage = () => page(404, 'Referral link not found');
const to = (location: string, extra: Record<string, string> = {}): BrowserResponse => ({
  status: 302,
  headers: { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer-when-downgrade', ...extra },
  body: '',
});

// What a visitor's URL and browser send, held to the collector's limits before any query: a
// workspace id that cannot exist names none (404), an unusable cookie is no cookie (a new visitor).
const storable = (v: string | null | undefined, max: number) => (v && v.length <= max && !v.includes('\u0000') ? v : null);

export async function redirectReferral(services: Services, limiter: RateLimiter, req: BrowserRequest, code: string): Promise<BrowserResponse> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(code)) return notFoundPage();
  // Per visitor address, like the collector: a flood from one address records no clicks.
  const rate = await spend(limiter, `redirect:${req.ip ?? 'unknown'}`);
  if (!rate.allowed) return page(429, 'Too many requests', { 'Retry-After': String(rate.resetSeconds) });
  const db = services.database.db;
  const publicId = req.url.searchParams.get('w');
  if (publicId !== null && !storable(publicId, 64)) return notFoundPage();
  const targets = await referralTargets(db, code, publicId);
  // Two workspaces share the code and the link does not say which: crediting either could pay
  // the wrong tenant's affiliate.
  if (targets.length !== 1) return notFoundPage();
  const [t] = targets;
  const landing = referralUrl(t.destination_url, t.ref_param, t.ref_code);
  if (!landing) return page(404, 'This referral link has no landing page yet');
  if (!t.active) return to(landing);
  const click = await recordClick({
    ctx: { db: services.database.clicks ?? db, workspaceId: t.workspace_id },
    source: 'redirect',
    input: {
      ref: t.ref_code,
      visitorId: storable(readCookie(req, VISITOR_COOKIE)?.trim(), 128),
      url: landing,
      referrer: req.header('referer')?.slice(0, 2048),
      ip: req.ip,
      userAgent: req.header('user-agent'),
    },
  });
  if (!click.ok || !click.visitorId) return to(landing);
  const url = new URL(landing);
  url.searchParams.set(HANDOFF_PARAM, click.visitorId);
  return to(url.toString(), { 'Set-Cookie': visitorCookie(click.visitorId, services.config.publicUrl.startsWith('https:')) });
}
