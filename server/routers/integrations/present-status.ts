import type { z } from 'zod';
import type { integrationStatus } from '../../contracts/integration';
import { eventStats, workspacePublicId } from '../../integrations/event-log';
import { apiKeyKind } from '../../integrations/api-keys';
import { hasBackfill } from '../../integrations/backfills';
import { findIntegration } from '../../integrations/settings';
import { PADDLE_PERMISSIONS } from '../../integrations/paddle/api';
import { STRIPE_PERMISSIONS } from '../../integrations/stripe/api';
import type { PaymentProvider } from '../../integrations/provider';
import type { WorkspaceCtx } from '../../domain/context';

/** What the setup page shows: the exact endpoint URL, the events to select, and how it goes. */
export async function presentStatus(ctx: WorkspaceCtx, provider: PaymentProvider, publicUrl: string): Promise<z.infer<typeof integrationStatus>> {
  const [row, stats, publicId] = [await findIntegration({ ctx, provider: provider.name }), await eventStats(ctx, provider), await workspacePublicId(ctx)];
  return {
    provider: provider.name as 'stripe' | 'paddle' | 'paypal',
    label: provider.label,
    connected: !!row,
    secret_hint: row?.secretHint ?? null,
    connect_secret: provider.connectSecret ? { hint: row?.connectSecretHint ?? null, where: provider.connectSecret.where } : null,
    amount_basis: row?.amountBasis ?? 'paid',
    client: provider.clientCredentials
      ? { client_id: row?.clientId ?? null, webhook_id: row?.webhookId ?? null, environment: row?.environment ?? 'live', where: provider.clientCredentials.where }
      : null,
    endpoint_url: `${publicUrl}/integrations/${provider.name}/${publicId}`,
    secret_where: provider.secret.where,
    secret_example: provider.secret.example,
    events: provider.events.map((e) => ({ type: e.type, effect: e.effect })),
    last_event_at: stats.lastReceivedAt?.toISOString() ?? null,
    counts: stats.counts,
    api_key: apiKeyOf(provider, row?.apiKeyHint ?? null),
  };
}

// The permissions a provider's key needs, as its dashboard names them, and what it reads.
const PERMISSIONS: Record<string, string[]> = { stripe: STRIPE_PERMISSIONS, paddle: PADDLE_PERMISSIONS };
const READS: Record<string, string> = {
  stripe: 'promotion codes made before you connected, the products of one-time payments, and past customers and invoices (a backfill)',
  paddle: 'the codes of discounts that transactions name only by id, and past transactions and the customers they name (a backfill)',
};

function apiKeyOf(provider: PaymentProvider, hint: string | null) {
  const kind = apiKeyKind(provider.name);
  return kind
    ? { hint, example: kind.example, where: kind.where, permissions: PERMISSIONS[provider.name] ?? [], reads: READS[provider.name] ?? '', backfill: hasBackfill(provider) }
    : null;
}
