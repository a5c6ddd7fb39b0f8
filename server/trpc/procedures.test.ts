import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '@/db/client';
import { createWorkspaceKey } from '../domain/keys/workspace-keys';
import { createWorkspace } from '../domain/workspaces/create-workspace';
import { readConfig } from '../lib/env';
import { closeServices, createServices } from '../runtime/services';
import { openTestDatabase, type TestDatabase } from '../testing/database';
import { TEST_ACTOR } from '../testing/seed';
import { createRequestContext, type RequestContext } from './context';
import { createCallerFactory, router } from './init';
import { publicProcedure, workspaceProcedure } from './procedures';

// Each builder of procedures.ts is one middleware doing, in order, what were separate layers: the
// NUL check (before anything reads the database), authentication on the primary, then the
// replica for procedures built to read there.
let database: TestDatabase;
let services: ReturnType<typeof createServices>;
let token: string;
let workspaceId: string;
const replica = {} as Db; // a stand-in: only its identity is looked at
const procedures = router({
  open: publicProcedure.input(z.object({ s: z.string() })).query(() => 'ok'),
  primary: workspaceProcedure('read').input(z.object({ s: z.string() })).query(({ ctx }) => ({ replica: ctx.db === replica, workspaceId: ctx.workspaceId })),
  replicated: workspaceProcedure('read', 'replica').query(({ ctx }) => ({ replica: ctx.db === replica, workspaceId: ctx.workspaceId })),
});
const call = (init: Partial<RequestContext>) =>
  createCallerFactory(procedures)(createRequestContext({ ...services, database: { ...services.database, replica } }, { requestId: 'r', transport: 'dashboard', ...init }));
const codeOf = (p: Promise<unknown>) => p.then(() => 'ok', (e: { cause?: { code?: string } }) => e.cause?.code);

beforeAll(async () => {
  database = await openTestDatabase();
  services = createServices(database, readConfig(process.env));
  const ws = await createWorkspace(database.db, { name: 'Builders' });
  workspaceId = ws.id;
  ({ token } = await createWorkspaceKey({ ctx: { db: database.db, workspaceId, actor: TEST_ACTOR }, input: { scopes: ['read'] } }));
});
afterAll(() => closeServices(services)); // closes the database too

describe('procedure builders, one middleware each', () => {
  it('refuses NUL in a dashboard call before authentication, on every builder', async () => {
    expect(await codeOf(call({}).open({ s: 'a\u0000' }))).toBe('invalid_request');
    expect(await codeOf(call({}).primary({ s: 'a\u0000' }))).toBe('invalid_request'); // no session: else 401
    expect(await codeOf(call({}).primary({ s: 'a' }))).toBe('unauthorized');
    expect(await codeOf(call({}).open({ s: 'a' }))).toBe('ok');
  });

  it('reads on the replica only where the procedure was built for it, after authenticating', async () => {
    const rest = { transport: 'rest' as const, authorization: `Bearer ${token}` };
    expect(await call(rest).primary({ s: 'a' })).toEqual({ replica: false, workspaceId });
    expect(await call(rest).replicated()).toEqual({ replica: true, workspaceId });
    expect(await codeOf(call({ transport: 'rest', authorization: 'Bearer refk_live_unknown' }).replicated())).toBe('unauthorized');
  });
});
