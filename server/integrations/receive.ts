import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { integrationEvents } from '@/db/schema';
import { workspaceByPublicId } from '../browser/lookup';
import { logError, logInfo } from '../lib/log';
import { readEvent, rejectedBody, type Intake } from './intake';
import { LEASE_SECONDS, processEvent } from './process-event';
import { providerNamed } from './providers';
import { SecretUnavailable } from './secret-box';
import { findIntegration, signingSecrets } from './settings';

export const MAX_EVENT_BYTES = 1024 * 1024;

export type ReceiverRequest = {
  method: string;
  provider: string;
  workspace: string;
  header: (name: string) => string | null;
  body: (limit: number) => Promise<Buffer | null>;
};
export type ReceiverResponse = { status: number; body: Record<string, unknown>; headers?: Record<string, string> };

const answer = (status: number, error: string, detail: string, headers?: Record<string, string>): ReceiverResponse => ({ status, body: { error, detail }, headers });

/**
 * POST /integrations/{provider}/{workspace}: a payment provider's event. The signature is checked
 * over the raw body before anything is stored (a bad or missing one stores nothing); the event
 * is stored once per provider event id (a redelivery answers 200 and does nothing) and applied
 * at once. Whatever applying it does (waits for another event, fails), the provider gets 200: the
 * event is ours now, and our retry job takes it from here. A signed body that is no well-formed
 * event is stored as rejected, also with 200 (reject below).
 */
export async function receiveEvent(db: Db, req: ReceiverRequest): Promise<ReceiverResponse> {
  const provider = providerNamed(req.provider);
  if (!provider) return answer(404, 'unknown_resource', 'no such payment provider');
  if (req.method !== 'POST') return answer(405, 'method_not_allowed', 'use POST', { Allow: 'POST' });
  const workspaceId = await workspaceByPublicId(db, req.workspace);
  if (!workspaceId) return answer(404, 'link_not_found', 'workspace not found');
  const integration = await findIntegration({ ctx: { db, workspaceId }, provider: provider.name });
  if (!integration) return answer(400, 'invalid_request', `${provider.label} is not connected to this workspace: set its signing secret on the Integrations page`);
  const raw = await req.body(MAX_EVENT_BYTES);
  if (raw === null) return answer(413, 'payload_too_large', `body over ${MAX_EVENT_BYTES} bytes`);
  let secrets: string[];
  try {
    secrets = signingSecrets(integration);
  } catch (err) {
    if (!(err instanceof SecretUnavailable)) throw err;
    // Our fault, not the sender's: a 5xx makes the provider deliver again once it is fixed.
    logError('integrations.secret_unavailable', { workspace: workspaceId, provider: provider.name });
    return answer(500, 'internal_error', 'the signing secret cannot be read: set it again on the Integrations page');
  }
  if (!(await verifiesWithOne(secrets, (secret) => provider.verify(raw, req.header, secret, integration)))) {
    logInfo('integrations.signature_refused', { provider: provider.name, workspace: workspaceId });
    return answer(400, 'invalid_request', `${provider.signatureHeader} does not verify with this workspace's signing secret`);
  }
  const intake = readEvent(provider, raw);
  if (!intake.ok) return reject(db, { workspaceId, provider: provider.name, raw, intake });
  const { object: _object, ...event } = intake.envelope;
  const [row] = await db
    .insert(integrationEvents)
    .values({
      workspaceId,
      provider: provider.name,
      eventId: event.id,
      type: event.type,
      livemode: event.livemode,
      occurredAt: event.occurredAt,
      payload: intake.payload,
      // A lease: the retry job leaves it alone while this request applies it.
      nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS}::int)`,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return { status: 200, body: { received: true, duplicate: true } };
  const done = await processEvent(db, row);
  logInfo('integrations.event', { provider: provider.name, workspace: workspaceId, event: event.id, type: event.type, status: done.status, action: done.action });
  return { status: 200, body: { received: true, status: done.status, action: done.action } };
}

/**
 * A signed but malformed event: kept as `rejected` with the reason and a safe copy of the body,
 * never applied, and answered 200 so the provider stops delivering it (a 5xx would bring it
 * back for days). The same bad body again is a duplicate.
 */
async function reject(db: Db, { workspaceId, provider, raw, intake }: { workspaceId: string; provider: string; raw: Buffer; intake: Extract<Intake, { ok: false }> }): Promise<ReceiverResponse> {
  const { eventId, type, livemode } = intake.label;
  const [row] = await db
    .insert(integrationEvents)
    .values({
      workspaceId,
      provider,
      eventId,
      type,
      livemode,
      occurredAt: new Date(),
      payload: { rejected_body: rejectedBody(raw) },
      status: 'rejected',
      action: 'malformed_event',
      detail: intake.reason,
      processedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: integrationEvents.id });
  if (!row) return { status: 200, body: { received: true, duplicate: true } };
  logInfo('integrations.event_rejected', { provider, workspace: workspaceId, event: eventId, reason: intake.reason });
  return { status: 200, body: { received: true, status: 'rejected', detail: intake.reason } };
}

/** Whether the signature verifies with one of the secrets, tried in order. */
async function verifiesWithOne(secrets: string[], verify: (secret: string) => Promise<void>): Promise<boolean> {
  for (const secret of secrets) {
    try {
      await verify(secret);
      return true;
    } catch {
      // the next secret, if any
    }
  }
  return false;
}
