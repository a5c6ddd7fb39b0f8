import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { CONFIDENCE_CEILING, CONFIDENCE_DECIMALS, CONFIDENCE_FLOOR, DAY_MS, type FuzzyMethod } from '../domain/tracking/confidence';
import { defaultCampaignId } from '../domain/campaigns/campaigns';
import { FUZZY_METHODS } from '../domain/tracking/match-visitor';
import { daysInterval } from '../lib/days-sql';
import { groupCommitPerHandle } from '../lib/group-commit';
import { batchRows, jsonParam } from '../lib/json-rows';
import { preparedSql } from '../lib/prepared-query';
import { presumedKeyStands } from './presumed-key';

/** One click to write: the caller's input with hashes, and the ids the statement may need. */
export type ClickRow = {
  ws: string;
  ref: string;
  vid: string | null;
  fp: string | null;
  ip: string | null;
  ua: string | null;
  url: string | null;
  referrer: string | null;
  source: 'api' | 'browser' | 'redirect';
  click_id: string;
  /** The visitor id given to a visitor no earlier click matches. */
  mint: string;
  roll_id: string;
  /**
   * The hash of the workspace key the click is written under, checked in the same statement (not
   * revoked, grants track): the tracking path's presumed key (presumeWorkspaceKey). null: the
   * caller has checked its credentials already.
   */
  key: string | null;
};
/**
 * key_ok false: the key was refused, nothing written. No affiliate_status: unknown referral code.
 * No visitor_key: the affiliate or campaign is not active.
 */
export type ClickOutcome = {
  key_ok: boolean;
  affiliate_status: string | null;
  visitor_key: string | null;
  match_method: string | null;
  match_confidence: number | null;
};

const m = sql.raw('m');

// The visitor match of server/domain/tracking/match-visitor.ts (`matchVisitor`), in SQL so that a
// batch of clicks is matched in its one statement: built from the same constants (the ways in
// their order, the window, the confidence's ceilings, floor and rounding), and checked against it
// by visitor-match.property.test.ts. `p` is the click, with its campaign's `window_days`.
const recognises: Record<FuzzyMethod, SQL> = {
  fingerprint: sql`p.fp is not null and fingerprint = p.fp`,
  ip: sql`p.ip is not null and p.ua is not null and ip_hash = p.ip and ua_hash = p.ua`,
};
const insideWindow = sql`created_at > now() - ${daysInterval(sql.raw('p.window_days'))}`;
// The latest earlier click each way finds, the first way's winning.
const earlierClicks = sql`(
        select * from (${sql.join(
          FUZZY_METHODS.map((method, rank) => sql`
          (select visitor_key, ${sql.raw(`'${method}'`)}::text as method, created_at as ts, ${sql.raw(String(rank))} as rank from clicks
           where p.vid is null and workspace_id = p.ws and ${recognises[method]} and ${insideWindow}
           order by created_at desc limit 1)`),
          sql` union all`,
        )}
        ) t order by rank limit 1
      )`;
const literal = (n: number) => sql.raw(String(n));
// matchConfidence over the earlier click's age at the statement's time
const confidenceOf = (method: FuzzyMethod) =>
  sql`round(greatest(${literal(CONFIDENCE_FLOOR)}, ${literal(CONFIDENCE_CEILING[method])} * greatest(0, 1 - extract(epoch from (now() - ${m}.ts)) / (p.window_days * ${sql.raw(`${DAY_MS / 1000}.0`)})))::numeric, ${literal(CONFIDENCE_DECIMALS)})::real`;
const confidence = sql`case ${sql.join(
  FUZZY_METHODS.map((method) => sql`when p.vid is null and ${m}.method = ${sql.raw(`'${method}'`)} then ${confidenceOf(method)}`),
  sql` `,
)} else 1 end`;
// Nobody in the batch can match (each sent a visitor_id, or neither a fingerprint nor ip + user
// agent): the statement then reads no clicks. A separate text, planned far faster: PGlite plans
// every statement anew, and each read of the partitioned clicks table costs it a plan per month.
const noEarlierClick = sql`(select null::text as visitor_key, null::text as method, null::timestamptz as ts)`;
const keyStands = presumedKeyStands(sql`i.key`, sql`i.ws`, sql`array(select distinct key from input where key is not null)`);

/**
 * Writes a batch of clicks in one statement, each exactly as it would be written alone: check the
 * key it comes under (if it names one), resolve its ref code, match the visitor (cookie,
 * fingerprint, ip + user agent, or new) against earlier clicks, insert the clicks of active
 * affiliates, append one rollup delta per (day, campaign, affiliate). The batch travels as one
 * jsonb parameter, so the statement has one of two fixed texts (with or without the visitor
 * lookup), each rendered once (preparedSql) and prepared. It only inserts (no upsert, no update):
 * two batches never wait on each other's rows, not even for one visitor or one hot code. A visitor
 * is its clicks (visitor_key, indexed): there is no visitors row to keep up to date.
 */
export async function writeClicks(db: DbOrTx, rows: ClickRow[]): Promise<ClickOutcome[]> {
  const matching = rows.some((r) => !r.vid && (r.fp || (r.ip && r.ua)));
  const out = await statements[matching ? 'matching' : 'plain'](db)({ batch: jsonParam(rows.map((r, n) => ({ ...r, n }))) });
  return out.map(({ n: _, ...o }) => ({ ...o, match_confidence: o.match_confidence === null ? null : Number(o.match_confidence) }));
}

// The statement with the visitor lookup (a batch with a click to match) or without it.
const statementOf = (matching: boolean) => sql`
    with input as (
      select * from ${batchRows('batch', 'i', `n int, ws uuid, ref text, vid text, fp text, ip text, ua text,
        url text, referrer text, source text, click_id uuid, mint text, roll_id uuid, key text`)}
    ),
    keyed as (
      select i.*, ${keyStands} as key_ok
      from input i
    ),
    aff as (
      select i.*, a.id as affiliate_id, a.status as affiliate_status, c.id as campaign_id, c.status as campaign_status,
             c.cookie_window_days as window_days, s.timezone
      from keyed i
      join affiliates a on a.workspace_id = i.ws and a.ref_code = i.ref and i.key_ok
      join campaigns c on c.workspace_id = a.workspace_id and c.id = coalesce(a.campaign_id, ${defaultCampaignId(sql`i.ws`)})
      join workspace_settings s on s.workspace_id = a.workspace_id
    ),
    pick as (
      select p.*, coalesce(p.vid, ${m}.visitor_key, p.mint) as visitor_key,
             case when p.vid is not null then 'cookie' else coalesce(${m}.method, 'new') end as method,
             ${confidence} as confidence
      from aff p left join lateral ${matching ? earlierClicks : noEarlierClick} ${m} on true
    ),
    ins as (
      insert into clicks (id, workspace_id, campaign_id, affiliate_id, visitor_key, fingerprint, ip_hash, ua_hash, url, referrer, match_method, match_confidence, source)
      select click_id, ws, campaign_id, affiliate_id, visitor_key, fp, ip, ua, url, referrer, method, confidence, source
      from pick where affiliate_status = 'active' and campaign_status = 'active'
      returning id, created_at as ts
    ),
    kept as (select pick.*, ins.ts from pick join ins on ins.id = pick.click_id),
    roll as (
      -- appended, not upserted: a hot code's clicks take no lock on its rollup row
      -- (server/domain/rollups/fold.ts folds them); clicks carry no money: the '' currency
      insert into rollup_deltas (id, workspace_id, day, campaign_id, affiliate_id, clicks)
      select (array_agg(roll_id))[1], ws, to_char(ts at time zone timezone, 'YYYY-MM-DD'), campaign_id, affiliate_id, count(*)
      from kept group by 2, 3, 4, 5
    )
    select i.n, i.key_ok, p.affiliate_status, k.visitor_key, k.method as match_method, k.confidence as match_confidence
    from keyed i left join pick p on p.n = i.n left join kept k on k.n = i.n
    order by i.n`;
const statements = {
  matching: preparedSql<ClickOutcome & { n: number }>('write_clicks_matching', statementOf(true)),
  plain: preparedSql<ClickOutcome & { n: number }>('write_clicks', statementOf(false)),
};

// Concurrent clicks on one database handle share a statement (server/lib/group-commit.ts). Two
// statements in flight keep a batch filling while the other commits.
export const clickWriter = groupCommitPerHandle((db: DbOrTx) => ({
  write: (rows: ClickRow[]) => writeClicks(db, rows),
  maxBatch: 256,
  maxInFlight: 2,
}));
