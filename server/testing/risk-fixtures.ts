import { randomBytes } from 'node:crypto';
import type { Db } from '@/db/client';
import { affiliates, campaigns, clicks, conversions } from '@/db/schema';
import { defaultGroupId } from '@/server/domain/groups/default-group';
import { seedDefaultGroup } from './seed';

// A small real program seeded straight into the test database: honest peers give the workspace
// baselines, and each fraud helper adds one behaviour to one affiliate. Times are relative to the
// real clock because POST /v1/risk/assessments assesses "now".

const DAY = 86_400_000;
const unique = () => randomBytes(6).toString('hex');
type ClickRow = typeof clicks.$inferInsert;
type ConversionRow = typeof conversions.$inferInsert;

export type Program = { workspaceId: string; campaignId: string };

async function insertMany<T>(db: Db, table: typeof clicks | typeof conversions, rows: T[]) {
  for (let i = 0; i < rows.length; i += 500) await db.insert(table).values(rows.slice(i, i + 500) as never);
}

export async function seedProgram(db: Db, workspaceId: string, peers = 8): Promise<Program & { peerIds: string[] }> {
  const [camp] = await db.insert(campaigns).values({ workspaceId, name: `Campaign ${unique()}` }).returning();
  const program = { workspaceId, campaignId: camp.id };
  const peerIds: string[] = [];
  for (let i = 0; i < peers; i++) {
    const a = await seedRiskAffiliate(db, program);
    peerIds.push(a.id);
    await honestTraffic(db, program, a.id, 8 + i, 0.03);
  }
  return { ...program, peerIds };
}

export async function seedRiskAffiliate(db: Db, p: Program, over: Partial<typeof affiliates.$inferInsert> = {}) {
  const code = `aff-${unique()}`;
  if (!over.groupId) await seedDefaultGroup(db, p.workspaceId);
  const [row] = await db
    .insert(affiliates)
    .values({
      workspaceId: p.workspaceId,
      groupId: defaultGroupId(p.workspaceId),
      campaignId: p.campaignId,
      refCode: code,
      email: `${code}@example.com`,
      name: code,
      status: 'active',
      createdAt: new Date(Date.now() - 200 * DAY),
      ...over,
    })
    .returning();
  return row;
}

const click = (p: Program, affiliateId: string, ts: Date, over: Partial<ClickRow> = {}): ClickRow => ({
  ...p,
  affiliateId,
  visitorKey: `v_${unique()}`,
  fingerprint: `fp_${unique()}`,
  ipHash: `ip_${unique()}`,
  matchMethod: 'new',
  matchConfidence: 1,
  ts,
  ...over,
});

const sale = (p: Program, affiliateId: string, ts: Date, over: Partial<ConversionRow> = {}): ConversionRow => ({
  ...p,
  affiliateId,
  type: 'sale',
  status: 'confirmed',
  amount: 4900,
  externalId: `ord_${unique()}`,
  customerId: `cus_${unique()}`,
  ts,
  ...over,
});

/** `perDay` clicks a day for 35 days from distinct people; every 1/rate-th converts. */
export async function honestTraffic(db: Db, p: Program, affiliateId: string, perDay: number, rate: number) {
  const rows: ClickRow[] = [];
  const sales: ConversionRow[] = [];
  for (let day = 0; day < 35; day++) {
    for (let i = 0; i < perDay; i++) {
      const ts = new Date(Date.now() - (day + (i + 0.5) / (perDay + 1)) * DAY);
      const c = click(p, affiliateId, ts);
      rows.push(c);
      if ((rows.length * rate) % 1 < rate) sales.push(sale(p, affiliateId, new Date(ts.getTime() + 60_000), { visitorKey: c.visitorKey }));
    }
  }
  await insertMany(db, clicks, rows);
  await insertMany(db, conversions, sales);
}

/** Buys through its own link from its own machine, naming itself as the customer in some orders. */
export async function selfReferral(db: Db, p: Program, a: { id: string; email: string | null }) {
  const own = { fingerprint: 'fp-own-machine', ipHash: 'ip-own-home' };
  const rows: ClickRow[] = [];
  const sales: ConversionRow[] = [];
  for (let i = 0; i < 20; i++) rows.push(click(p, a.id, new Date(Date.now() - (i + 0.3) * DAY), { ...own, visitorKey: 'v-own' }));
  for (let i = 0; i < 6; i++) {
    const c = click(p, a.id, new Date(Date.now() - (i + 0.6) * DAY), { ...own });
    rows.push(c);
    sales.push(sale(p, a.id, new Date(c.ts!.getTime() + 60_000), { visitorKey: c.visitorKey, customerId: i < 3 ? a.email!.toUpperCase() : undefined }));
  }
  await insertMany(db, clicks, rows);
  await insertMany(db, conversions, sales);
}

/** Thousands of clicks over the last three days from three proxies, not one sale. */
export async function clickFarm(db: Db, p: Program, affiliateId: string) {
  const ips = ['ip-proxy-1', 'ip-proxy-2', 'ip-proxy-3'];
  const rows = Array.from({ length: 2400 }, (_, i) =>
    click(p, affiliateId, new Date(Date.now() - ((i % 72) + 0.5) * 3_600_000), { ipHash: ips[i % 3], fingerprint: `fp-bot-${i % 20}` }),
  );
  await insertMany(db, clicks, rows);
}

/** Few clicks, many sales: a coupon code or a ref passed server-side brings sales without a click. */
export async function couponSales(db: Db, p: Program, affiliateId: string, clickCount: number, saleCount: number) {
  const ts = (i: number) => new Date(Date.now() - ((i % 48) + 0.5) * 3_600_000);
  await insertMany(db, clicks, Array.from({ length: clickCount }, (_, i) => click(p, affiliateId, ts(i))));
  await insertMany(db, conversions, Array.from({ length: saleCount }, (_, i) => sale(p, affiliateId, ts(i))));
}
