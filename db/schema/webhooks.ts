import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt, workspaceRef } from './columns';
import { DELIVERY_STATUSES } from '../../server/model/enums';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    workspaceId: workspaceRef(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    active: boolean('active').notNull().default(true),
    description: text('description'),
    // Signing secrets must be readable to sign; they never leave the API except at creation.
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: ts('previous_secret_expires_at'),
    failingSince: ts('failing_since'),
    disabledReason: text('disabled_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // fan-out of an event to the workspace's active endpoints
    index('webhook_endpoints_workspace_idx').on(t.workspaceId, t.active),
  ],
);

// Written in the same transaction as the change that causes the event.
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    workspaceId: workspaceRef(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    dispatchedAt: ts('dispatched_at'),
  },
  (t) => [
    // the dispatcher finds the workspaces with undispatched events (a skip scan) and takes each
    // one's oldest first; most events are born dispatched (server/domain/events/born-dispatched.ts)
    // and need no entry here
    index('webhook_events_pending_idx').on(t.workspaceId, t.createdAt, t.id).where(sql`dispatched_at is null`),
    // the affiliate e-mail job reads each workspace's events of the types that make e-mails
    // (server/domain/mail/from-events.ts) past its cursor; other events add no entry
    index('webhook_events_mail_idx')
      .on(t.workspaceId, t.createdAt, t.id)
      .where(sql`type in ('affiliate.updated', 'commission.created', 'commission.updated', 'payout.sent', 'payout.paid', 'payout.failed', 'affiliate.group_changed')`),
  ],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    workspaceId: workspaceRef(),
    endpointId: uuid('endpoint_id').notNull(),
    eventId: uuid('event_id').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastLatencyMs: integer('last_latency_ms'),
    lastError: text('last_error'),
    nextAttemptAt: ts('next_attempt_at'),
    createdAt: createdAt(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    // an event is delivered to an endpoint once (at-least-once retries reuse this row)
    uniqueIndex('webhook_deliveries_uq').on(t.endpointId, t.eventId),
    // GET /v1/webhooks/{id}/deliveries, newest first
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);
