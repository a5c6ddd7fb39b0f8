import { z } from 'zod';
import { iso, isoOrNull, timestamp } from './common';
import { AMOUNT_BASES, PROVIDERS, PROVIDER_EVENT_STATUSES } from '../model/enums';

// Dashboard records of payment-provider integrations (server/integrations/). Contracts import
// only zod: the provider list is repeated here and checked against the registry by a test.
export const providerName = z.enum(PROVIDERS);
export const amountBasis = z.enum(AMOUNT_BASES);
export const eventStatus = z.enum(PROVIDER_EVENT_STATUSES);

export const integrationStatus = z.object({
  provider: providerName,
  label: z.string(),
  connected: z.boolean(),
  secret_hint: z.string().nullable(),
  amount_basis: amountBasis,
  endpoint_url: z.string(),
  secret_where: z.string(),
  secret_example: z.string(),
  events: z.array(z.object({ type: z.string(), effect: z.string() })),
  last_event_at: timestamp.nullable(),
  counts: z.record(eventStatus, z.number().int()),
});

export const integrationEvent = z.object({
  id: z.uuid(),
  event_id: z.string(),
  type: z.string(),
  livemode: z.boolean(),
  status: eventStatus,
  action: z.string().nullable(),
  detail: z.string().nullable(),
  conversion_id: z.uuid().nullable(),
  attempts: z.number().int(),
  received_at: timestamp,
  processed_at: timestamp.nullable(),
  next_attempt_at: timestamp.nullable(),
});

type EventRow = {
  id: string; eventId: string; type: string; livemode: boolean; status: z.infer<typeof eventStatus>; action: string | null; detail: string | null;
  conversionId: string | null; attempts: number; receivedAt: Date; processedAt: Date | null; nextAttemptAt: Date | null;
};

export const presentIntegrationEvent = (r: EventRow): z.infer<typeof integrationEvent> => ({
  id: r.id,
  event_id: r.eventId,
  type: r.type,
  livemode: r.livemode,
  status: r.status,
  action: r.action,
  detail: r.detail,
  conversion_id: r.conversionId,
  attempts: r.attempts,
  received_at: iso(r.receivedAt),
  processed_at: isoOrNull(r.processedAt),
  next_attempt_at: isoOrNull(r.nextAttemptAt),
});
