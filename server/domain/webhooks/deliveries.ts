import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import { webhookDeliveries, webhookEvents } from '@/db/schema';
import type { DeliveryRow } from '../../contracts/webhook';
import { notFound } from '../../errors/errors';
import type { Page } from '../../lib/pagination';
import type { WorkspaceCtx } from '../context';
import { wellFormedId } from '../records';

type Status = DeliveryRow['status'];
const withType = { ...getTableColumns(webhookDeliveries), eventType: webhookEvents.type };

/** The endpoint's delivery log, newest first (webhook_deliveries_endpoint_idx). */
export async function listDeliveries(args: { ctx: WorkspaceCtx; endpointId: string; status?: Status; page: Page }): Promise<DeliveryRow[]> {
  const { ctx, endpointId, status, page } = args;
  return ctx.db
    .select(withType)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.workspaceId, ctx.workspaceId),
        eq(webhookDeliveries.endpointId, endpointId),
        status ? eq(webhookDeliveries.status, status) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** One delivery of the endpoint, or link_not_found (another endpoint's or workspace's too). */
export async function getDelivery({ ctx, endpointId, id }: { ctx: WorkspaceCtx; endpointId: string; id: string }): Promise<DeliveryRow> {
  wellFormedId(id, () => notFound('webhook delivery'));
  const [row] = await ctx.db
    .select(withType)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(eq(webhookDeliveries.workspaceId, ctx.workspaceId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)),
    );
  if (!row) throw notFound('webhook delivery');
  return row;
}
