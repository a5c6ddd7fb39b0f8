import disposableDomains from 'disposable-email-domains';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { affiliates, campaigns, conversions, groups, workspaces } from '@/db/schema';
import { CORPUS_NOW, insertChunks, insertClicks, type Labelled } from './corpus';
import { seededRng } from './rng';
import { createProgram, DAY_MS, type HonestProfile, type SyntheticAffiliate } from './traffic';
import { HARD_HONEST, hardHonest, proxyAccounts, UNSEEN_FRAUD, UNSEEN_FRAUD_WRITERS, type Ctx, type HardHonest, type UnseenFraud } from './unseen-patterns';
import { DEFAULT_GROUP } from '@/server/domain/groups/default-group';

// The evaluation corpus of behaviours the model never saw (unseen-patterns.ts). Programs are
// shaped like training's (same table rows, same measuring code) but 10% of affiliates are
// fraudulent, and 30% of the honest ones carry a look-alike twist. Reports reweight the two
// classes to a realistic prevalence; this share only sets how many examples of each there are.
export type UnseenLabelled = Omit<Labelled, 'pattern'> & { pattern: UnseenFraud | null; variant: HardHonest | 'plain' | null };

const FRAUD_SHARE = 0.1;
const HARD_SHARE = 0.3;
const MAILBOXES = ['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'proton.me', 'fastmail.com'];

export async function writeUnseenCorpus(db: Db, seed: number, programs: number): Promise<UnseenLabelled[]> {
  const rng = seededRng(seed);
  const labels: UnseenLabelled[] = [];
  for (let i = 0; i < programs; i++) {
    const [ws] = await db.insert(workspaces).values({ id: rng.uuid(), name: `Unseen ${seed}-${i}`, publicId: `pub_${rng.hex(12)}` }).returning();
    // every workspace has its default group (what createWorkspace makes); not drawn from rng, so the corpus stays as it was
    const [group] = await db.insert(groups).values({ workspaceId: ws.id, ...DEFAULT_GROUP }).returning();
    const [camp] = await db.insert(campaigns).values({ id: rng.uuid(), workspaceId: ws.id, name: ws.name }).returning();
    const p = createProgram(rng, ws.id, camp.id, CORPUS_NOW);
    const medianClicks = rng.between(3, 10);
    const medianRate = rng.between(0.015, 0.05);
    const refundBase = rng.between(0.02, 0.08);
    const honest = (scale: number): HonestProfile => ({
      dailyClicks: rng.logNormal(medianClicks * scale, 1),
      conversionRate: Math.min(0.2, rng.logNormal(medianRate, 0.4)),
      refundRate: Math.min(0.25, rng.logNormal(refundBase, 0.5)),
    });
    const ctx: Ctx = { p, rng, honest, leadShare: rng.between(0, 0.4), medianClicks };
    const rows: (typeof affiliates.$inferInsert)[] = [];
    const add = (pattern: UnseenFraud | null, variant: UnseenLabelled['variant'], joinedDaysAgo: number, emailBase?: string): SyntheticAffiliate => {
      // Fraud here mostly uses ordinary mailboxes: a throwaway address is a cue training relied on.
      const disposable = rng.chance(pattern ? 0.1 : 0.015);
      const refCode = `u${rng.hex(10)}`;
      const email = `${emailBase ?? refCode}@${disposable ? rng.pick(disposableDomains) : rng.pick(MAILBOXES)}`;
      const a = { id: p.uuid(), email, refCode, createdAt: new Date(CORPUS_NOW.getTime() - joinedDaysAgo * DAY_MS) };
      rows.push({ ...a, workspaceId: ws.id, groupId: group.id, campaignId: camp.id, name: refCode, status: 'active' });
      labels.push({ id: a.id, workspaceId: ws.id, pattern, variant, disposable });
      return a;
    };
    for (let n = rng.int(40, 80); n > 0; n--) {
      if (rng.chance(FRAUD_SHARE)) {
        const pattern = rng.pick(UNSEEN_FRAUD);
        if (pattern === 'proxy_accounts') {
          const base = `${rng.pick(['jo', 'ria', 'tom', 'eva'])}${rng.hex(4)}`;
          proxyAccounts(ctx, Array.from({ length: rng.int(2, 3) }, (_, k) => add(pattern, null, rng.int(27, 90), `${base}.${k + 1}`)));
        } else UNSEEN_FRAUD_WRITERS[pattern](ctx, add(pattern, null, rng.int(36, 400)));
        continue;
      }
      const variant = rng.chance(HARD_SHARE) ? rng.pick(HARD_HONEST) : null;
      const a = add(null, variant ?? 'plain', variant === 'big_newcomer' ? rng.int(2, 6) : rng.int(40, 700));
      if (variant) hardHonest(ctx, variant, a);
      else p.honestTraffic(a, honest(1), ctx.leadShare);
    }
    await insertChunks(db, affiliates, rows);
    await insertClicks(db, p.clickRows);
    await insertChunks(db, conversions, p.conversionRows);
  }
  await db.execute(sql`analyze`);
  return labels;
}
