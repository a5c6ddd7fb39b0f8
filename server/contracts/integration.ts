import { z } from 'zod';
import { iso, isoOrNull, timestamp } from './common';
import { AMOUNT_BASES, BACKFILL_PHASES, BACKFILL_STATUSES, INTEGRATION_PROVIDERS, PROVIDER_EVENT_STATUSES } from '../model/enums';

// Dashboard records of payment-provider integrations (server/integrations/). Contracts import
// only zod: the provider list is repeated here and checked against the registry by a test.
export const providerName = z.enum(INTEGRATION_PROVIDERS);
export const amountBasis = z.enum(AMOUNT_BASES);
export const eventStatus = z.enum(PROVIDER_EVENT_STATUSES);

export const integrationStatus = z.object({
  provider: providerName,
  label: z.string(),
  connected: z.boolean(),
  secret_hint: z.string().nullable(),
  // Stripe Connect platforms' second endpoint: null where the provider has none
  connect_secret: z.object({ hint: z.string().nullable(), where: z.string() }).nullable(),
  amount_basis: amountBasis,
  // PayPal's REST app (docs/paying-affiliates.md#paypal-payouts): its ids (no secrets); null where the provider has none
  client: z.object({ client_id: z.string().nullable(), webhook_id: z.string().nullable(), environment: z.enum(['live', 'sandbox']), where: z.string() }).nullable(),
  endpoint_url: z.string(),
  secret_where: z.string(),
  secret_example: z.string(),
  events: z.array(z.object({ type: z.string(), effect: z.string() })),
  last_event_at: timestamp.nullable(),
  counts: z.record(eventStatus, z.number().int()),
  // The optional API key (docs/integrations/stripe.md "API key"): never shown, only its last
  // characters; null where the provider takes none.
  api_key: z
    .object({
      hint: z.string().nullable(),
      example: z.string(),
      where: z.string(),
      permissions: z.array(z.string()),
      // what the key is for, in a sentence for the page
      reads: z.string(),
      // whether the provider has a backfill (server/integrations/backfills.ts)
      backfill: z.boolean(),
    })
    .nullable(),
});

/** A backfill and how far it got (server/integrations/backfills.ts). */
export const integrationBackfill = z.object({
  id: z.uuid(),
  status: z.enum(BACKFILL_STATUSES),
  phase: z.enum(BACKFILL_PHASES),
  since: timestamp,
  // the day the checkouts or invoices phase has read up to, when it reads by date
  through: timestamp.nullable(),
  checkouts: z.number().int(),
  customers: z.number().int(),
  invoices: z.number().int(),
  // Paddle's completed transactions
  transactions: z.number().int(),
  linked: z.number().int(),
  conversions_created: z.number().int(),
  conversions_existing: z.number().int(),
  pages: z.number().int(),
  detail: z.string().nullable(),
  started_at: timestamp,
  finished_at: timestamp.nullable(),
});

type BackfillRow = {
  id: string; status: z.infer<typeof integrationBackfill>['status']; phase: z.infer<typeof integrationBackfill>['phase']; since: Date; cursor: string | null;
  checkouts: number; customers: number; invoices: number; transactions: number; linked: number; conversionsCreated: number; conversionsExisting: number; pages: number;
  detail: string | null; createdAt: Date; finishedAt: Date | null;
};

const dated = (phase: string, cursor: string | null) => (cursor && /^\d+$/.test(cursor) && phase !== 'customers' ? new Date(Number(cursor) * 1000).toISOString() : null);

export const presentBackfill = (r: BackfillRow): z.infer<typeof integrationBackfill> => ({
  id: r.id,
  status: r.status,
  phase: r.phase,
  since: iso(r.since),
  through: dated(r.phase, r.cursor),
  checkouts: r.checkouts,
  customers: r.customers,
  invoices: r.invoices,
  transactions: r.transactions,
  linked: r.linked,
  conversions_created: r.conversionsCreated,
  conversions_existing: r.conversionsExisting,
  pages: r.pages,
  detail: r.detail,
  started_at: iso(r.createdAt),
  finished_at: isoOrNull(r.finishedAt),
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
