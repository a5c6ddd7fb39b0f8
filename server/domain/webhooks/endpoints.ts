import { desc, eq } from 'drizzle-orm';
import { webhookEndpoints } from '@/db/schema';
import { invalid, notFound } from '../../errors/errors';
import type { Page } from '../../lib/pagination';
import type { WorkspaceCtx } from '../context';
import { assertScheme, resolveTarget, UnsafeTargetError } from './target';
import { loadRecord } from '../records';

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;

/** The workspace's endpoint, or link_not_found (also for another workspace's id). */
export async function getEndpoint({ ctx, id }: { ctx: WorkspaceCtx; id: string }): Promise<WebhookEndpoint> {
  return loadRecord(ctx, webhookEndpoints, id, () => notFound('webhook endpoint'));
}

export async function listEndpoints({ ctx, page }: { ctx: WorkspaceCtx; page: Page }) {
  return ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, ctx.workspaceId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * Refuses, as invalid_request on `url`, a target delivery would refuse to call. With private
 * targets allowed (development) there is nothing to resolve the name for.
 */
export async function assertDeliverableUrl(url: string, allowPrivate: boolean): Promise<void> {
  try {
    assertScheme(new URL(url), allowPrivate);
    if (!allowPrivate) await resolveTarget(new URL(url), allowPrivate);
  } catch (err) {
    if (err instanceof UnsafeTargetError) throw invalid('url', err.message);
    throw err;
  }
}
