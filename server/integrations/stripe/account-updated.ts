import { z } from 'zod';
import { applyStripeAccountStatus } from '../../domain/payouts/methods';
import { applied, ignored, type Handler } from '../provider';

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

/**
 * account.updated (Connect endpoint): an affiliate's Express account moved; its payout method
 * follows (docs/paying-affiliates.md#payout-methods). An account of no affiliate of this
 * workspace is ignored.
 */
export const accountUpdated: Handler = async ({ ctx, object }) => {
  const a = accountSchema.parse(object);
  const done = await applyStripeAccountStatus({
    ctx,
    account: {
      id: a.id,
      payouts_enabled: a.payouts_enabled,
      details_submitted: a.details_submitted,
      capabilities: { transfers: (a.capabilities?.transfers ?? undefined) as 'active' | 'inactive' | 'pending' | undefined },
      requirements: a.requirements ? ({ disabled_reason: a.requirements.disabled_reason ?? null, currently_due: a.requirements.currently_due ?? [] } as never) : undefined,
    },
  });
  if (!done) return ignored('no_payout_method', `no affiliate's payout method is the account ${a.id}`);
  return applied('payout_method_updated', `${done.method.affiliateId}: ${done.status.state}${done.status.reason ? ` (${done.status.reason})` : ''}`);
};
