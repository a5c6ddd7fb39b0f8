import type { DbOrTx } from '@/db/client';
import type { integrationEvents, integrations } from '@/db/schema';
import { systemActor, type ActingCtx } from '../domain/context';

export type Integration = typeof integrations.$inferSelect;
export type IntegrationEvent = typeof integrationEvents.$inferSelect;

/**
 * The domain context of work a provider's event causes: the audit log names the provider's
 * receiver (`integrations.stripe`) as the actor, not a person or a key.
 */
export type IntegrationCtx = ActingCtx & { provider: string };

export const integrationCtx = (db: DbOrTx, workspaceId: string, provider: string): IntegrationCtx => ({
  db,
  workspaceId,
  provider,
  actor: systemActor(`integrations.${provider}`),
});

/** The envelope every provider event has, whatever its payload; `account`: a Stripe Connect account's event. */
export type EventEnvelope = { id: string; type: string; livemode: boolean; occurredAt: Date; account?: string | null };

/** What an event did, kept on its row and shown on the dashboard. */
export type Outcome = { status: 'applied' | 'ignored'; action: string; detail?: string; conversionId?: string | null };

export const applied = (action: string, detail?: string, conversionId?: string | null): Outcome => ({ status: 'applied', action, detail, conversionId });
export const ignored = (action: string, detail?: string, conversionId?: string | null): Outcome => ({ status: 'ignored', action, detail, conversionId });

/**
 * Thrown by a handler when the event depends on one that has not arrived yet (a refund before
 * its sale): nothing it wrote is kept, and the retry job runs it again later. On the last try a
 * handler is called with `final: true` and must decide without what it waited for.
 */
export class Waiting extends Error {
  /** `decideAt`: when the handler will decide without what it waits for; the next try is then at the latest. */
  constructor(
    readonly reason: string,
    readonly decideAt?: Date,
  ) {
    super(`waiting for ${reason}`);
    this.name = 'Waiting';
  }
}

export type HandlerInput = { ctx: IntegrationCtx; integration: Integration; event: EventEnvelope; object: unknown; final: boolean };
export type Handler = (input: HandlerInput) => Promise<Outcome>;

/**
 * A payment provider is a folder under server/integrations/ exporting one of these, listed in
 * providers.ts. The receiver, storage, retries, replay and dashboard are shared.
 */
export type PaymentProvider = {
  name: string;
  label: string;
  /**
   * Checks the signature over the raw body; throws when it does not verify. Parsing comes after.
   * `integration`: for a provider that verifies by calling its API with more than the secret (PayPal).
   */
  verify: (raw: Buffer, header: (name: string) => string | null, secret: string, integration: Integration) => Promise<void>;
  /** The envelope of a parsed payload, and the object its handler reads; throws when malformed. */
  envelope: (payload: unknown) => EventEnvelope & { object: unknown };
  /** The payload's keys of the event id and type, which still label an event rejected as malformed. */
  envelopeKeys: { id: string; type: string };
  handlers: Readonly<Record<string, Handler>>;
  /** Every handled event and its effect: the setup page and the docs list these. */
  events: readonly { type: string; effect: string }[];
  secret: { pattern: RegExp; example: string; where: string };
  /** Where the provider gives a platform a second endpoint, for its connected accounts' events (Stripe Connect). */
  connectSecret?: { where: string };
  /** A provider whose API is called with a client id and secret (PayPal): saved with its client id, webhook id and environment. */
  clientCredentials?: {
    where: string;
    /** Asks the provider whether it takes these credentials: null, or why not in our words. */
    check: (c: { clientId: string; secret: string; environment: 'live' | 'sandbox' }) => Promise<string | null>;
  };
  /** The header carrying the signature, named in error details. */
  signatureHeader: string;
};
