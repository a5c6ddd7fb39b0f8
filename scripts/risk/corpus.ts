import disposableDomains from 'disposable-email-domains';
import type { Db } from '@/db/client';
import { sql } from 'drizzle-orm';
import { affiliates, campaigns, conversions, groups, workspaces } from '@/db/schema';
import { rowsOf as sqlRows } from '@/server/lib/rows';
import { clickFarm, cookieStuffing, duplicateAccounts, PATTERNS, refundAbuse, selfReferral, type Pattern } from './fraud-patterns';
import { seededRng, type Rng } from './rng';
import { createProgram, DAY_MS, type ClickRow, type HonestProfile, type SyntheticAffiliate, type Visitor } from './traffic';
import { DEFAULT_GROUP } from '@/server/domain/groups/default-group';

export type Labelled = { id: string; workspaceId: string; pattern: Pattern | null; disposable: boolean };

/** The moment every synthetic program is assessed at. */
export const CORPUS_NOW = new Date('2026-06-01T00:00:00.000Z');
const FRAUD_SHARE = 0.2;
const MAILBOXES = ['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'proton.me', 'fastmail.com'];

/** Writes `programs` synthetic affiliate programs (one workspace each) and returns who is who. */
export async function writeCorpus(db: Db, seed: number, programs: number): Promise<Labelled[]> {
  const rng = seededRng(seed);
  const labels: Labelled[] = [];
  // Bulk loading into PGlite is several times faster without the secondary indexes of clicks;
  // they are rebuilt from their own definitions before anything is measured.
  const indexes = await sqlRows<{ indexname: string; indexdef: string }>(
    db,
    sql`select indexname, indexdef from pg_indexes where tablename = 'clicks' and indexname <> 'clicks_pkey'`,
  );
  for (const i of indexes) await db.execute(sql.raw(`drop index "${i.indexname}"`));
  for (let i = 0; i < programs; i++) labels.push(...(await writeProgram(db, rng, `Program ${seed}-${i + 1}`)));
  for (const i of indexes) await db.execute(sql.raw(i.indexdef));
  await db.execute(sql`analyze`);
  return labels;
}

async function writeProgram(db: Db, rng: Rng, name: string): Promise<Labelled[]> {
  const now = CORPUS_NOW;
  const [ws] = await db.insert(workspaces).values({ id: rng.uuid(), name, publicId: `pub_${rng.hex(12)}` }).returning();
  // every workspace has its default group (what createWorkspace makes); not drawn from rng, so the corpus stays as it was
  const [group] = await db.insert(groups).values({ workspaceId: ws.id, ...DEFAULT_GROUP }).returning();
  const [camp] = await db.insert(campaigns).values({ id: rng.uuid(), workspaceId: ws.id, name }).returning();
  const prog = createProgram(rng, ws.id, camp.id, now);
  const medianClicks = rng.between(3, 10);
  const medianRate = rng.between(0.015, 0.05);
  const refundBase = rng.between(0.02, 0.08);
  const leadShare = rng.between(0, 0.4);
  const honest = (scale: number): HonestProfile => ({
    dailyClicks: rng.logNormal(medianClicks * scale, 1),
    conversionRate: Math.min(0.2, rng.logNormal(medianRate, 0.4)),
    refundRate: Math.min(0.25, rng.logNormal(refundBase, 0.5)),
  });
  const ctx = { p: prog, rng, honest, leadShare, medianClicks, intensity: 1 };

  const labels: Labelled[] = [];
  const rows: (typeof affiliates.$inferInsert)[] = [];
  const newAffiliate = (pattern: Pattern | null, createdDaysAgo: number, emailBase?: string): SyntheticAffiliate => {
    const disposable = rng.chance(pattern ? 0.35 : 0.015);
    const refCode = `r${rng.hex(10)}`;
    const email = `${emailBase ?? refCode}@${disposable ? rng.pick(disposableDomains) : rng.pick(MAILBOXES)}`;
    const a = { id: prog.uuid(), email, refCode, createdAt: new Date(now.getTime() - createdDaysAgo * DAY_MS) };
    rows.push({ ...a, workspaceId: ws.id, groupId: group.id, campaignId: camp.id, name: refCode, status: 'active' });
    labels.push({ id: a.id, workspaceId: ws.id, pattern, disposable });
    return a;
  };
  const sisters: Visitor[] = [];
  for (let n = rng.int(30, 70); n > 0; n--) {
    if (!rng.chance(FRAUD_SHARE)) {
      const isNew = rng.chance(0.05);
      const a = newAffiliate(null, isNew ? rng.int(2, 25) : rng.int(40, 700));
      if (rng.chance(0.08)) continue; // signed up, never promoted
      const profile = honest(1);
      if (rng.chance(0.03)) profile.spike = { days: rng.int(1, 5), factor: rng.between(4, 10) };
      // Two affiliates writing for the same readers (a couple, co-authors) share part of their audience.
      if (rng.chance(0.06)) {
        if (!sisters.length) sisters.push(...Array.from({ length: 120 }, () => prog.visitor()));
        profile.sharedAudience = { pool: sisters, share: 0.2 };
      }
      prog.honestTraffic(a, profile, leadShare);
      continue;
    }
    // Duplicate accounts come in groups of two to four, so they are drawn less often.
    ctx.intensity = rng.between(0.2, 1);
    const pattern = rng.chance(0.1) ? 'duplicate_accounts' : rng.pick(PATTERNS.filter((x) => x !== 'duplicate_accounts'));
    if (pattern === 'duplicate_accounts') {
      const base = `${rng.pick(['alex', 'sam', 'kim', 'lee', 'max'])}${rng.hex(4)}`;
      const joined = rng.int(8, 60);
      const group = Array.from({ length: rng.int(2, 4) }, (_, i) => newAffiliate(pattern, joined - i, `${base}${i + 1}`));
      duplicateAccounts(ctx, group);
      continue;
    }
    const a = newAffiliate(pattern, pattern === 'click_farm' && rng.chance(0.5) ? rng.int(3, 20) : rng.int(30, 500));
    ({ self_referral: selfReferral, click_farm: clickFarm, cookie_stuffing: cookieStuffing, refund_abuse: refundAbuse })[pattern](ctx, a);
  }
  await insertChunks(db, affiliates, rows);
  await insertClicks(db, prog.clickRows);
  await insertChunks(db, conversions, prog.conversionRows);
  return labels;
}

export async function insertChunks<T>(db: Db, table: Parameters<Db['insert']>[0], rows: T[], size = 1000) {
  for (let i = 0; i < rows.length; i += size) await db.insert(table).values(rows.slice(i, i + size) as never);
}

/**
 * Clicks are most of the corpus: they go in as one JSON document per chunk, which PGlite parses
 * several times faster than thousands of bound parameters.
 */
export async function insertClicks(db: Db, rows: ClickRow[], size = 20_000) {
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size).map((r) => ({
      id: r.id,
      workspace_id: r.workspaceId,
      campaign_id: r.campaignId,
      affiliate_id: r.affiliateId,
      visitor_key: r.visitorKey,
      fingerprint: r.fingerprint,
      ip_hash: r.ipHash,
      ua_hash: r.uaHash,
      created_at: (r.ts as Date).toISOString(),
    }));
    await db.execute(sql`insert into clicks (id, workspace_id, campaign_id, affiliate_id, visitor_key, fingerprint, ip_hash, ua_hash, match_method, match_confidence, created_at)
      select id, workspace_id, campaign_id, affiliate_id, visitor_key, fingerprint, ip_hash, ua_hash, 'new', 1, created_at
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as t(id uuid, workspace_id uuid, campaign_id uuid, affiliate_id uuid,
        visitor_key text, fingerprint text, ip_hash text, ua_hash text, created_at timestamptz)`);
  }
}
