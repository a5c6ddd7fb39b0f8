import { eq } from 'drizzle-orm';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import postgres from 'postgres';
import { openDatabase } from '@/db/client';
import { migrate } from '@/db/migrate';
import { affiliates, campaigns, clicks, commissionRules, conversions } from '@/db/schema';
import { systemActor } from '@/server/domain/context';
import { createWorkspaceKey } from '@/server/domain/keys/workspace-keys';
import { createWorkspace } from '@/server/domain/workspaces/create-workspace';
import { defaultGroupId } from '@/server/domain/groups/default-group';

/** A fresh PostgreSQL database at `url`, or a fresh PGlite directory. */
export type BenchTarget = { url: string } | { dataDir: string };

async function recreate(target: BenchTarget) {
  if ('dataDir' in target) {
    rmSync(target.dataDir, { recursive: true, force: true });
    return void mkdirSync(dirname(target.dataDir), { recursive: true });
  }
  const u = new URL(target.url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const admin = postgres(u.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
}

/** The visitor and the customer a benchmark's request `n` names (seeded by seedBench); not hex, so never inside a uuid. */
export const benchVisitor = (n: number, people: number) => `visitor_${String(n % people).padStart(5, '0')}`;
export const benchCustomer = (n: number, people: number) => `customer_${String(n % people).padStart(5, '0')}`;

/**
 * A fresh benchmark database: one workspace, one campaign at 30 %, `refs` active affiliates, a
 * track+read key, and `people` visitors with two clicks each (a week and a day ago) and customers
 * with one earlier sale each, for sales by cookie and renewals.
 */
export async function seedBench(target: BenchTarget, refs: number, people = 0) {
  await recreate(target);
  const database = await openDatabase({ ...target, max: 4 });
  await migrate(database);
  const { db } = database;
  const ws = await createWorkspace(db, { name: 'Bench' });
  const [c] = await db.insert(campaigns).values({ workspaceId: ws.id, name: 'Bench' }).returning();
  await db.insert(commissionRules).values({ workspaceId: ws.id, campaignId: c.id, name: 'Default', kind: 'default', amount: 3000 });
  for (let i = 0; i < refs; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, refs - i) }, (_, k) => ({
      workspaceId: ws.id, groupId: defaultGroupId(ws.id), campaignId: c.id, refCode: `r${String(i + k).padStart(5, '0')}`, status: 'active' as const,
    }));
    await db.insert(affiliates).values(rows);
  }
  const all = await db.select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.workspaceId, ws.id)).orderBy(affiliates.refCode);
  const owner = (i: number) => ({ workspaceId: ws.id, campaignId: c.id, affiliateId: all[i % refs].id });
  const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
  for (let i = 0; i < people; i += 500) {
    const batch = Array.from({ length: Math.min(500, people - i) }, (_, k) => i + k);
    await db.insert(clicks).values(batch.flatMap((p) => [7, 1].map((days) => ({
      ...owner(p), visitorKey: benchVisitor(p, people), matchMethod: 'new' as const, matchConfidence: 1, ts: ago(days),
    }))));
    await db.insert(conversions).values(batch.map((p) => ({
      ...owner(p), type: 'sale' as const, status: 'pending' as const, amount: 10_000, externalId: `seed_${p}`, customerId: benchCustomer(p, people), ts: ago(30),
    })));
  }
  const [first] = await db.select().from(affiliates).where(eq(affiliates.refCode, 'r00000'));
  const { token } = await createWorkspaceKey({ ctx: { db, workspaceId: ws.id, actor: systemActor('seed') }, input: { scopes: ['track', 'read'] } });
  await database.close();
  // rows it stored in the tables the benchmark counts
  const rows: Record<string, number> = { clicks: 2 * people, conversions: people };
  return { workspaceId: ws.id, campaignId: c.id, affiliateId: first.id, token, rows };
}
