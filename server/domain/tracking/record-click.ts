import { notFound, unauthorized } from '../../errors/errors';
import { newId, randomBytes16 } from '../../lib/ids';
import type { WorkspaceCtx } from '../context';
import { hasherFor } from './hash';
import { clickWriter } from '../../store/click-write';
import { currentCodeOfAlias } from '../affiliates/ref-aliases';

export type ClickInput = {
  /** Trimmed by the callers' schemas; matched case-insensitively. */
  ref: string;
  visitorId?: string | null;
  fingerprint?: string | null;
  url?: string | null;
  referrer?: string | null;
  ip?: string | null;
  userAgent?: string | null;
};
export type ClickResult = { ok: boolean; visitorId: string | null; matchMethod: string | null; matchConfidence: number | null };

type RecordClickArgs = {
  ctx: WorkspaceCtx;
  input: ClickInput;
  source?: 'api' | 'browser' | 'redirect';
  /** A workspace key's hash to check in the click's own statement (`unauthorized` if refused). */
  underKey?: string | null;
};

export const mintVisitorId = () => `v_${Buffer.from(randomBytes16()).toString('base64url')}`;

/**
 * Records a click: hash the visitor's ip and user agent (salted per workspace), then one statement
 * (server/store/click-write.ts, shared with concurrent clicks, answered once its row is committed)
 * resolves the ref code (case-insensitive), matches the visitor as matchVisitor states
 * (match-visitor.ts: cookie, fingerprint, ip + user agent, or new), inserts the click and appends
 * the day's rollup delta. A code that is an affiliate's old code (its alias) is written as its
 * current code, with one more statement. Under a refused key: unauthorized, nothing kept. Unknown ref:
 * link_not_found. Inactive affiliate or campaign: ok false, nothing kept.
 */
export async function recordClick({ ctx, input, source = 'api', underKey = null }: RecordClickArgs): Promise<ClickResult> {
  const hash = await hasherFor({ ctx });
  const visitorId = input.visitorId ?? null;
  const write = (ref: string) =>
    clickWriter(ctx.db)({
      ws: ctx.workspaceId, ref, vid: visitorId, fp: input.fingerprint ?? null,
      ip: hash(input.ip), ua: hash(input.userAgent), url: input.url ?? null, referrer: input.referrer ?? null, source,
      click_id: newId(), mint: mintVisitorId(), roll_id: newId(), key: underKey,
    });
  const ref = input.ref.toLowerCase();
  let row = await write(ref);
  if (!row.key_ok) throw unauthorized();
  // No current code: an affiliate's old code (ref-aliases.ts) credits it as its current code does.
  // Read only on a miss, which wrote nothing, so a current code's click costs no extra query.
  if (!row.affiliate_status) {
    const current = await currentCodeOfAlias(ctx.db, ctx.workspaceId, ref);
    if (current) row = await write(current);
  }
  if (!row.affiliate_status) throw notFound('referral code');
  if (!row.visitor_key) return { ok: false, visitorId, matchMethod: null, matchConfidence: null };
  return { ok: true, visitorId: row.visitor_key, matchMethod: row.match_method, matchConfidence: row.match_confidence };
}
