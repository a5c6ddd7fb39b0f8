// POST /api/collect: the snippet's visit report, keyed by the workspace's public id
import { z } from 'zod';
import { RefcountError } from '../errors/errors';
import { nulPath } from '../errors/nul';
import { spend, type RateLimiter } from '../lib/rate-limit';
import { recordClick } from '../domain/tracking/record-click';
import type { Services } from '../trpc/context';
import { json, type BrowserRequest, type BrowserResponse } from './exchange';
import { workspaceByPublicId } from './lookup';

const MAX_BODY = 8 * 1024;
// A secret key in a browser is already leaked; refusing it loudly gets it noticed and rotated.
const SECRET_KEY = /\b(sa_live_|refa_live_)/;

const collectBody = z.object({
  w: z.string().trim().min(1).max(64),
  ref: z.string().trim().min(1).max(64),
  visitor_id: z.string().trim().min(1).max(128).optional(),
  url: z.string().trim().max(2048).optional(),
  referrer: z.string().trim().max(2048).optional(),
});

/** Any page may report a visit: answer its origin (no credentials are involved). */
export const corsHeaders = (req: BrowserRequest): Record<string, string> => ({
  'Access-Control-Allow-Origin': req.header('origin') ?? '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Max-Age': '86400',
  Vary: 'Origin',
});

const fail = (status: number, error: string, detail: string, headers: Record<string, string>) => json(status, { error, detail }, headers);

export function createCollectHandler(services: Services, limiter: RateLimiter) {
  return async (req: BrowserRequest): Promise<BrowserResponse> => {
    const cors = corsHeaders(req);
    if (req.method === 'OPTIONS') return { status: 204, headers: { ...cors, 'Cache-Control': 'no-store' }, body: '' };
    if (req.method !== 'POST') return fail(405, 'method_not_allowed', 'use POST', { ...cors, Allow: 'POST, OPTIONS' });
    const rate = await spend(limiter, `collect:${req.ip ?? 'unknown'}`);
    if (!rate.allowed) return fail(429, 'rate_limited', 'too many visits from this address', { ...cors, 'Retry-After': String(rate.resetSeconds) });
    const raw = await req.body(MAX_BODY);
    if (raw === null) return fail(413, 'payload_too_large', `body over ${MAX_BODY} bytes`, cors);
    if (SECRET_KEY.test(raw) || req.headerValues().some((v) => SECRET_KEY.test(v)))
      return fail(400, 'invalid_request', 'secret API keys must never be sent from a browser: use the public workspace id', cors);
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return fail(400, 'invalid_json', 'body is not JSON', cors);
    }
    // PostgreSQL cannot store a NUL: refused here like any other bad field, not a failed insert.
    const nul = nulPath(parsed);
    if (nul) return fail(400, 'invalid_request', `${nul.map(String).join('.') || 'body'}: must not contain NUL characters`, cors);
    const body = collectBody.safeParse(parsed);
    if (!body.success) return fail(400, 'invalid_request', body.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '), cors);
    const workspaceId = await workspaceByPublicId(services.database.db, body.data.w);
    if (!workspaceId) return fail(404, 'link_not_found', 'workspace not found', cors);
    try {
      const click = await recordClick({
        ctx: { db: services.database.clicks ?? services.database.db, workspaceId },
        source: 'browser',
        input: { ref: body.data.ref, visitorId: body.data.visitor_id, url: body.data.url, referrer: body.data.referrer, ip: req.ip, userAgent: req.header('user-agent') },
      });
      return json(200, { ok: click.ok, visitor_id: click.visitorId }, cors);
    } catch (e) {
      if (RefcountError.is(e) && e.code === 'link_not_found') return fail(404, 'link_not_found', 'referral code not found', cors);
      throw e;
    }
  };
}
