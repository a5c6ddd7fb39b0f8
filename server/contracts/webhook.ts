import { z } from 'zod';
import type { webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { EVENT_TYPES } from '../model/enums';
import { iso, isoOrNull, list, text, timestamp, uuid } from './common';
import { DELIVERY_STATUSES } from '../model/enums';

// A subscription names catalog events or `*`, all of them (docs/webhooks.md#endpoints).
export const eventName = z.enum([...EVENT_TYPES, '*']);
export const eventNames = list(eventName).min(1, 'subscribe to at least one event');
// The scheme (https, or http in development) and the address are checked by the domain:
// both depend on WEBHOOK_ALLOW_PRIVATE_URLS.
export const webhookUrl = z.string().trim().max(2048).pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }));
export const webhookDescription = z.string().trim().max(1000);

export const webhookEndpointRecord = z
  .object({
    id: uuid,
    url: text(2200),
    events: z.array(text(64)).max(50),
    active: z.boolean(),
    description: text(1000).nullable(),
    /** Why delivery turned the endpoint off (410 Gone, or failing for 5 days); null when on. */
    disabled_reason: text(200).nullable(),
    /** Start of the current run of failed attempts; null while deliveries succeed. */
    failing_since: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'WebhookEndpoint' });

/** Only the creating and rotating answers carry the signing secret. */
export const webhookEndpointWithSecret = webhookEndpointRecord
  .extend({ secret: text(128).describe('whsec_…: shown once; verify signatures with it') })
  .meta({ id: 'WebhookEndpointWithSecret' });

export type WebhookEndpointRecord = z.infer<typeof webhookEndpointRecord>;
type EndpointRow = typeof webhookEndpoints.$inferSelect;

export const presentWebhookEndpoint = (row: EndpointRow): WebhookEndpointRecord => ({
  id: row.id,
  url: row.url,
  events: row.events,
  active: row.active,
  description: row.description,
  disabled_reason: row.disabledReason,
  failing_since: isoOrNull(row.failingSince),
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

export const presentWebhookEndpointWithSecret = (row: EndpointRow) => ({ ...presentWebhookEndpoint(row), secret: row.secret });

export const deliveryStatus = z.enum(DELIVERY_STATUSES);

export const webhookDeliveryRecord = z
  .object({
    id: uuid,
    endpoint_id: uuid,
    event_id: uuid,
    event_type: text(64),
    status: deliveryStatus,
    attempts: z.number().int(),
    response_status: z.number().int().nullable().describe('HTTP status of the last attempt'),
    latency_ms: z.number().int().nullable().describe('duration of the last attempt'),
    last_error: text(1000).nullable().describe('why the last attempt failed (start of the response body, or the network error)'),
    next_attempt_at: timestamp.nullable(),
    created_at: timestamp,
    delivered_at: timestamp.nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

export type DeliveryRow = typeof webhookDeliveries.$inferSelect & { eventType: string };

export const presentWebhookDelivery = (row: DeliveryRow): z.infer<typeof webhookDeliveryRecord> => ({
  id: row.id,
  endpoint_id: row.endpointId,
  event_id: row.eventId,
  event_type: row.eventType,
  status: row.status,
  attempts: row.attempts,
  response_status: row.lastStatusCode,
  latency_ms: row.lastLatencyMs,
  last_error: row.lastError,
  next_attempt_at: row.status === 'pending' ? isoOrNull(row.nextAttemptAt) : null,
  created_at: iso(row.createdAt),
  delivered_at: isoOrNull(row.deliveredAt),
});
