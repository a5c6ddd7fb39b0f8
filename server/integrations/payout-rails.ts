import type { WorkspaceCtx } from '../domain/context';
import type { PayoutRail } from '../domain/payouts/send-batch';
import { apiKeyOf, findIntegration } from './settings';
import { stripeRail } from './stripe/transfers';

/** The workspace's Stripe Connect rail: its Stripe integration's API key, or null without one. */
export async function workspaceRail(ctx: WorkspaceCtx): Promise<PayoutRail | null> {
  const integration = await findIntegration({ ctx, provider: 'stripe' });
  const key = integration && apiKeyOf(integration);
  return key ? stripeRail(key) : null;
}
