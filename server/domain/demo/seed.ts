import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Db } from '@/db/client';
import { workspaces } from '@/db/schema';
import type { Config } from '../../lib/env';
import { createCampaign } from '../campaigns/write-campaign';
import { createWorkspaceKey } from '../keys/workspace-keys';
import { createUser } from '../users/users';
import { createWorkspace } from '../workspaces/create-workspace';
import { seedHistory } from './history';

export const DEMO_LOGIN = { email: 'demo@example.com', password: 'refcount-demo' };
export type DemoCredentials = { workspaceId: string; email: string; password: string; token: string };

/** A demo workspace with a login, a full-access key, campaigns, affiliates and some history. */
export async function seedDemo(db: Db): Promise<DemoCredentials> {
  const ws = await createWorkspace(db, { name: 'Demo Co' });
  await createUser(db, { ...DEMO_LOGIN, workspaceId: ws.id, role: 'owner', name: 'Demo Manager' });
  const { token } = await createWorkspaceKey(db, { workspaceId: ws.id, scopes: ['*'], name: 'demo' });
  const ctx = { db, workspaceId: ws.id };
  const main = await createCampaign({
    ctx,
    input: { name: 'Partner program', destinationUrl: 'https://shop.example.com', cookieWindowDays: 60 },
  });
  await createCampaign({ ctx, input: { name: 'Creators (first click)', attributionModel: 'first_click', destinationUrl: 'https://shop.example.com/creators' } });
  await createCampaign({ ctx, input: { name: 'Black Friday 2025', status: 'archived' } });
  await seedHistory(db, ws.id, main.id);
  return { workspaceId: ws.id, ...DEMO_LOGIN, token };
}

/**
 * Seeds on the first start of an empty database and remembers the demo credentials in .data/
 * (a local development convenience; production starts never seed).
 */
export async function seedDemoIfEmpty(db: Db, config: Config): Promise<DemoCredentials | null> {
  const file = join(dirname(config.pgliteDir), 'demo-credentials.json');
  const [any] = await db.select({ id: workspaces.id }).from(workspaces).limit(1);
  if (any) return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DemoCredentials) : null;
  const demo = await seedDemo(db);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(demo, null, 2), { mode: 0o600 });
  return demo;
}
