import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase } from '@/db/client';
import { migrate } from '@/db/migrate';
import { affiliates, campaigns, commissionRules } from '@/db/schema';
import { systemActor } from '@/server/domain/context';
import { createWorkspaceKey } from '@/server/domain/keys/workspace-keys';
import { createWorkspace } from '@/server/domain/workspaces/create-workspace';

/** A fresh benchmark database: one workspace, one campaign at 30 %, `refs` active affiliates, a track+read key. */
export async function seedBench(url: string, refs: number) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const admin = postgres(u.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const database = await openDatabase({ url, max: 4 });
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
