import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Db } from '@/db/client';
import { workspaces } from '@/db/schema';
import type { Config } from '../../lib/env';
import { createCampaign } from '../campaigns/write-campaign';
import { systemActor } from '../context';
import { createWorkspaceKey } from '../keys/workspace-keys';
import { assessWorkspace } from '../risk/assess';
import { updateSettings } from '../settings/settings';
import { createUser } from '../users/users';
import { createWorkspace } from '../workspaces/create-workspace';
import { seedCatalog } from './catalog';
import { seedHistory } from './history';
import { seedPayoutHistory } from './money-loop';
import { seedWebhooks } from './webhooks';

export const DEMO_LOGIN = { email: 'demo@example.com', password: 'refcount-demo' };
export type DemoCredentials = { workspaceId: string; email: string; password: string; token: string };

/**
 * A demo workspace with a login and a full-access key, and something on every page: branded
 * program settings and a join page, campaigns with rates, products and rewards, affiliates (one
 * applicant, one the risk model flags), sales over three months with a refund and a euro sale, a
 * paid and a pending payout, commissions payable today awaiting approval, and a webhook log.
 */
export async function seedDemo(db: Db): Promise<DemoCredentials> {
  const ws = await createWorkspace(db, { name: 'Demo Co' });
  await createUser(db, { ...DEMO_LOGIN, workspaceId: ws.id, role: 'owner', name: 'Demo Manager' });
  const ctx = { db, workspaceId: ws.id, actor: systemActor('seed') };
  const { token } = await createWorkspaceKey({ ctx, input: { scopes: ['*'], name: 'demo' } });
  await updateSettings({
    ctx,
    patch: { programName: 'Demo Co Partners', logoUrl: '/demo-logo.svg', brandColor: '#0f766e', termsUrl: 'https://shop.example.com/partner-terms', joinSlug: 'demo' },
  });
  const main = await createCampaign({
    ctx,
    input: { name: 'Partner program', destinationUrl: 'https://shop.example.com', cookieWindowDays: 60, additionalReferralLinks: ['https://shop.example.com/pricing', 'https://blog.example.com'] },
  });
  const creators = await createCampaign({ ctx, input: { name: 'Creators (first click)', attributionModel: 'first_click', destinationUrl: 'https://shop.example.com/creators' } });
  await createCampaign({ ctx, input: { name: 'Black Friday 2025', status: 'archived' } });
  await seedCatalog({ ctx: { db: db, workspaceId: ws.id }, c: { main: main.id, creators: creators.id } });
  const people = await seedHistory({ ctx: { db: db, workspaceId: ws.id }, campaigns: { main: main.id, creators: creators.id } });
  await seedPayoutHistory({ ctx: { db: db, workspaceId: ws.id }, alanId: people.alan });
  await assessWorkspace({ ctx });
  await seedWebhooks({ ctx: { db: db, workspaceId: ws.id } });
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
