import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { notFound } from '../../errors/errors';
import { presentWebhookEndpoint } from '../../contracts/webhook';
import { addAuditEntry, addAuditEntryIfChanged } from '../audit/audit-entries';
import type { ActingCtx } from '../context';
import { assertDeliverableUrl, type WebhookEndpoint } from './endpoints';
import { newSigningSecret, ROTATION_OVERLAP_MS } from './secrets';
import type { WebhookSettings } from './settings';
import { loadRecord, ownRecord, wellFormedId } from '../records';

type EndpointFields = Pick<typeof webhookEndpoints.$inferInsert, 'url' | 'events' | 'active' | 'description'>;
export type NewEndpoint = Pick<EndpointFields, 'url' | 'events'> & Partial<EndpointFields>;
export type EndpointPatch = Partial<EndpointFields>;
type Deps = { ctx: ActingCtx; settings: WebhookSettings };

const unique = (events: string[]) => [...new Set(events)];

export async function createEndpoint({ ctx, settings, input }: Deps & { input: NewEndpoint }): Promise<WebhookEndpoint> {
  await assertDeliverableUrl(input.url, settings.allowPrivateUrls);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ ...input, events: unique(input.events), workspaceId: ctx.workspaceId, secret: newSigningSecret() })
      .returning();
    // The presented record never holds the secret.
    await addAuditEntry(tx, ctx, 'webhook_endpoint.created', { type: 'webhook_endpoint', id: row.id }, { after: presentWebhookEndpoint(row) });
    return row;
  });
}

async function change(ctx: ActingCtx, id: string, set: PgUpdateSetSource<typeof webhookEndpoints>, action: string) {
  wellFormedId(id, () => notFound('webhook endpoint'));
  return ctx.db.transaction(async (tx) => {
    const where = ownRecord(ctx, webhookEndpoints, id);
    const before = await loadRecord({ ...ctx, db: tx }, webhookEndpoints, id, () => notFound('webhook endpoint'), { lock: true });
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ ...set, updatedAt: new Date() })
      .where(where)
      .returning();
    const target = { type: 'webhook_endpoint', id };
    if (action === 'webhook_endpoint.secret_rotated') {
      await addAuditEntry(tx, ctx, action, target, { after: { previous_secret_expires_at: row.previousSecretExpiresAt?.toISOString() ?? null } });
    } else await addAuditEntryIfChanged(tx, ctx, action, target, presentWebhookEndpoint(before), presentWebhookEndpoint(row));
    return row;
  });
}

export async function updateEndpoint({ ctx, settings, id, patch }: Deps & { id: string; patch: EndpointPatch }) {
  wellFormedId(id, () => notFound('webhook endpoint'));
  if (patch.url !== undefined) await assertDeliverableUrl(patch.url, settings.allowPrivateUrls);
  const set: Partial<typeof webhookEndpoints.$inferInsert> = { ...patch };
  if (patch.events) set.events = unique(patch.events);
  // Turning an endpoint back on starts it with a clean record.
  if (patch.active === true) Object.assign(set, { disabledReason: null, failingSince: null });
  return change(ctx, id, set, 'webhook_endpoint.updated');
}

/** A new secret, shown once; the old one keeps signing beside it for a day. */
export const rotateSecret = ({ ctx, id }: { ctx: ActingCtx; id: string }) =>
  change(ctx, id, {
    // The right-hand side of SET reads the row as it was: the outgoing secret.
    previousSecret: sql`${webhookEndpoints.secret}`,
    secret: newSigningSecret(),
    previousSecretExpiresAt: new Date(Date.now() + ROTATION_OVERLAP_MS),
  }, 'webhook_endpoint.secret_rotated');

/** Removes the endpoint and its delivery log; pending deliveries die with it. */
export async function deleteEndpoint({ ctx, id }: { ctx: ActingCtx; id: string }): Promise<WebhookEndpoint> {
  wellFormedId(id, () => notFound('webhook endpoint'));
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(webhookEndpoints)
      .where(ownRecord(ctx, webhookEndpoints, id))
      .returning();
    if (!row) throw notFound('webhook endpoint');
    await tx.delete(webhookDeliveries).where(eq(webhookDeliveries.endpointId, row.id));
    await addAuditEntry(tx, ctx, 'webhook_endpoint.deleted', { type: 'webhook_endpoint', id: row.id }, { before: presentWebhookEndpoint(row) });
    return row;
  });
}
