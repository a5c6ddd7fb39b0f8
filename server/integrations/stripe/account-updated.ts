import { z } from 'zod';
import type Stripe from 'stripe';
import { applyStripeAccountStatus } from '../../domain/payouts/methods';
import { absentOn, keyInUse } from '../key-in-use';
import { applied, ignored, type Handler } from '../provider';
import { retrieveAccount } from './connect-accounts';

// The fields of a Connect account that say whether Refcount can pay it (connect-accounts.ts).
const accountSchema = z.looseObject({
  id: z.string().min(1).max(255),
  payouts_enabled: z.boolean().nullish().transform((v) => v ?? false),
  details_submitted: z.boolean().nullish().transform((v) => v ?? false),
  capabilities: z.looseObject({ transfers: z.string().max(32).nullish() }).nullish(),
  requirements: z
    .looseObject({ disabled_reason: z.string().max(255).nullish(), currently_due: z.array(z.string().max(255)).max(500).nullish() })
    .nullish(),
});

type Status = Pick<Stripe.Account, 'id' | 'payouts_enabled' | 'capabilities' | 'requirements' | 'details_submitted'>;

const statusOf = (raw: unknown): Status => {
  const a = accountSchema.parse(raw);
  return {
    id: a.id,
    payouts_enabled: a.payouts_enabled,
    details_submitted: a.details_submitted,
    capabilities: { transfers: (a.capabilities?.transfers ?? undefined) as Stripe.Account.Capabilities['transfers'] },
    requirements: a.requirements ? ({ disabled_reason: a.requirements.disabled_reason ?? null, currently_due: a.requirements.currently_due ?? [] } as Stripe.Account.Requirements) : undefined,
  };
};

/**
 * account.updated (Connect endpoint): an affiliate's Express account moved; its payout method
 * follows (docs/paying-affiliates.md#payout-methods). Events can arrive out of order, so with the
 * API key the account is read as Stripe has it now; without one (or refused), the event's copy
 * is used. An account of no affiliate of this workspace is ignored.
 */
export const accountUpdated: Handler = async ({ ctx, integration, object }) => {
  const sent = statusOf(object);
  const key = keyInUse(ctx, integration);
  const now = key ? await retrieveAccount(key, sent.id).catch((err: unknown) => absentOn(ctx, 'reading the Stripe account', err)) : null;
  const done = await applyStripeAccountStatus({ ctx, account: now ? statusOf(now) : sent });
  if (!done) return ignored('no_payout_method', `no affiliate's payout method is the account ${sent.id}`);
  if (!done.changed) return ignored('payout_method_not_stripe', `${done.method.affiliateId} is paid by ${done.method.kind} now`);
  return applied('payout_method_updated', `${done.method.affiliateId}: ${done.status.state}${done.status.reason ? ` (${done.status.reason})` : ''}`);
};
