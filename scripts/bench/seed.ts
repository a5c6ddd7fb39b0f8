import { eq } from 'drizzle-orm';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import postgres from 'postgres';
import { openDatabase } from '@/db/client';
import { migrate } from '@/db/migrate';
import { affiliates, campaigns, commissionRules } from '@/db/schema';
import { systemActor } from '@/server/domain/context';
import { createWorkspaceKey } from '@/server/domain/keys/workspace-keys';
import { createWorkspace } from '@/server/domain/workspaces/create-workspace';

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

/** A fresh benchmark database: one workspace, one campaign at 30 %, `refs` active affiliates, a track+read key. */
export async function seedBench(target: BenchTarget, refs: number) {
  await recreate(target);
  const database = await openDatabase({ ...target, max: 4 });
  await migrate(database);
  const { db } = database;
  const ws = await createWorkspace(db, { name: 'Bench' });
  const [c] = await db.insert(campaigns).values({ workspaceId: ws.id, name: 'Bench' }).returning();
  await db.insert(commissionRules).values({ workspaceId: ws.id, campaignId: c.id, name: 'Default', kind: 'default', amount: 3000 });
  for (let i = 0; i < refs; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, refs - i) }, (_, k) => ({
      workspaceId: ws.id, campaignId: c.id, refCode: `r${String(i + k).padStart(5, '0')}`, status: 'active' as const,
    }));
    await db.insert(affiliates).values(rows);
  }
  const [first] = await db.select().from(affiliates).where(eq(affiliates.refCode, 'r00000'));
  const { token } = await createWorkspaceKey({ ctx: { db, workspaceId: ws.id, actor: systemActor('seed') }, input: { scopes: ['track', 'read'] } });
  await database.close();
  return { workspaceId: ws.id, campaignId: c.id, affiliateId: first.id, token };
}
