import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { notFound } from '../../errors/errors';
import { newId } from '../../lib/ids';
import { rowsOf } from '../../lib/rows';
import type { WorkspaceCtx } from '../context';
import { matchConfidenceSql } from './confidence';
import { hasherFor } from './hash';

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
type Row = { affiliate_status: string; campaign_status: string; visitor_key: string | null; match_method: string | null; match_confidence: number | null };

export const mintVisitorId = () => `v_${randomBytes(16).toString('base64url')}`;

/**
 * Records a click in one round trip: resolve the ref code (case-insensitive), match the visitor
 * (cookie, fingerprint, ip + user agent, or new), insert the click, upsert the visitor and append
 * the day's rollup delta. Unknown ref: link_not_found. Inactive affiliate or campaign: ok false, nothing kept.
 */
export async function recordClick({ ctx, input, source = 'api' }: { ctx: WorkspaceCtx; input: ClickInput; source?: 'api' | 'browser' | 'redirect' }): Promise<ClickResult> {
  const hash = await hasherFor({ ctx });
  const ws = ctx.workspaceId;
  const visitorId = input.visitorId ?? null;
  const fingerprint = input.fingerprint ?? null;
  const ipHash = hash(input.ip);
  const uaHash = hash(input.userAgent);
  const window = sql`(select window_days from aff)`;
  const [row] = await rowsOf<Row>(ctx.db, sql`
    with aff as (
      select a.id as affiliate_id, a.status as affiliate_status, c.id as campaign_id, c.status as campaign_status,
             c.cookie_window_days as window_days, s.timezone
      from affiliates a
      join campaigns c on c.workspace_id = a.workspace_id and c.id = coalesce(a.campaign_id,
        (select d.id from campaigns d where d.workspace_id = ${ws} and d.status = 'active' order by d.created_at limit 1))
      join workspace_settings s on s.workspace_id = a.workspace_id
      where a.workspace_id = ${ws} and a.ref_code = ${input.ref.toLowerCase()}
    ),
    fp as (
      select visitor_key, created_at as ts from clicks
      where ${visitorId}::text is null and ${fingerprint}::text is not null and workspace_id = ${ws}
        and fingerprint = ${fingerprint} and created_at > now() - make_interval(days => ${window})
      order by created_at desc limit 1
    ),
    ipm as (
      select visitor_key, created_at as ts from clicks
      where ${visitorId}::text is null and not exists (select 1 from fp) and ${ipHash}::text is not null
        and ${uaHash}::text is not null and workspace_id = ${ws} and ip_hash = ${ipHash} and ua_hash = ${uaHash}
        and created_at > now() - make_interval(days => ${window})
      order by created_at desc limit 1
    ),
    pick as (
      select coalesce(${visitorId}::text, (select visitor_key from fp), (select visitor_key from ipm), ${mintVisitorId()}) as visitor_key,
             case when ${visitorId}::text is not null then 'cookie' when exists (select 1 from fp) then 'fingerprint'
                  when exists (select 1 from ipm) then 'ip' else 'new' end as method,
             case when ${visitorId}::text is null and exists (select 1 from fp) then ${matchConfidenceSql('fingerprint', sql`(select ts from fp)`, window)}
                  when ${visitorId}::text is null and exists (select 1 from ipm) then ${matchConfidenceSql('ip', sql`(select ts from ipm)`, window)}
                  else 1 end as confidence
    ),
    ins as (
      insert into clicks (id, workspace_id, campaign_id, affiliate_id, visitor_key, fingerprint, ip_hash, ua_hash, url, referrer, match_method, match_confidence, source)
      select ${newId()}, ${ws}, aff.campaign_id, aff.affiliate_id, pick.visitor_key, ${fingerprint}, ${ipHash}, ${uaHash},
             ${input.url ?? null}, ${input.referrer ?? null}, pick.method, pick.confidence, ${source}
      from aff, pick where aff.affiliate_status = 'active' and aff.campaign_status = 'active'
      returning visitor_key, match_method, match_confidence, campaign_id, affiliate_id, created_at as ts
    ),
    vis as (
      insert into visitors (id, workspace_id, visitor_key) select ${newId()}, ${ws}, visitor_key from ins
      on conflict (workspace_id, visitor_key) do update set last_seen_at = now() returning 1
    ),
    roll as (
      -- appended, not upserted: a hot code's clicks take no lock on its rollup row
      -- (server/domain/rollups/fold.ts folds them); clicks carry no money: the '' currency
      insert into rollup_deltas (id, workspace_id, day, campaign_id, affiliate_id, clicks)
      select ${newId()}, ${ws}, to_char(ins.ts at time zone aff.timezone, 'YYYY-MM-DD'), ins.campaign_id, ins.affiliate_id, 1 from ins, aff
      returning 1
    )
    select aff.affiliate_status, aff.campaign_status, ins.visitor_key, ins.match_method, ins.match_confidence,
           (select count(*) from vis) + (select count(*) from roll) as side_effects
    from aff left join ins on true`);
  if (!row) throw notFound('referral code');
  if (!row.visitor_key) return { ok: false, visitorId, matchMethod: null, matchConfidence: null };
  return { ok: true, visitorId: row.visitor_key, matchMethod: row.match_method, matchConfidence: Number(row.match_confidence) };
}
