import { conversionByExternalId, conversionById, type Conversion } from '../domain/conversions/find';
import { recordConversion } from '../domain/conversions/record-conversion';
import { hasHints, type Hints } from './customers';
import { applied, ignored, type IntegrationCtx, type Outcome } from './provider';
import { notePayment, type SaleInput } from './payments-noted';
import type { BillingInterval } from '../model/enums';

export type SaleFacts = Omit<SaleInput, 'conversionId'> & {
  /** Tax included in `amount` and the provider's fee, as sale-amounts.ts gives them; null: not reported. */
  tax: number | null;
  fee: number | null;
  currency: string;
  productId: string | null;
  interval: BillingInterval | null;
  livemode: boolean;
  hints: Hints;
  /** Stripe Connect: the connected account the payment was made on. */
  connectedAccount?: string | null;
};

type Receipt = { method?: string; amount?: number; currency?: string | null; reason?: string };

/** One line for the dashboard: what the sale earns and why. */
export function describeConversion(conv: Conversion): string {
  const r = (conv.attribution ?? {}) as Receipt;
  const sale = `${conv.amount} ${conv.currency} sale, attributed by ${r.method ?? conv.matchMethod}`;
  if (conv.isTest) return `${sale}; test mode: earns nothing`;
  return r.amount ? `${sale}; earns ${r.amount} ${r.currency}` : `${sale}; earns nothing (${r.reason ?? 'no rule'})`;
}

/**
 * A provider payment becomes a sale through recordConversion, exactly as POST /v1/track/sale
 * (attribution, the engine, rollups, events and webhooks follow), idempotent on the payment's
 * id as external_id. Every payment is noted, attributed or not, so its refunds know which.
 */
export async function recordProviderSale({ ctx, facts }: { ctx: IntegrationCtx; facts: SaleFacts }): Promise<Outcome> {
  const { currency, productId, interval, livemode, hints, connectedAccount, tax, fee, ...sale } = facts;
  if (sale.amount <= 0) {
    await notePayment(ctx, { ...sale, conversionId: null });
    return ignored('zero_amount', 'nothing was paid (a trial or a fully credited invoice): no sale, and limited rules do not start counting');
  }
  if (!sale.customerId && !hasHints(hints)) {
    await notePayment(ctx, { ...sale, conversionId: null });
    return ignored('not_attributed', 'no customer and no referral on this payment');
  }
  const known = await conversionByExternalId({ ctx, externalId: sale.saleRef });
  const result = await recordConversion({
    ctx,
    input: {
      type: 'sale',
      externalId: sale.saleRef,
      customerId: sale.customerId,
      visitorId: hints.visitorId,
      ref: hints.ref,
      manualCode: hints.manualCode,
      amount: sale.amount,
      tax,
      fee,
      currency,
      productId,
      interval,
      isTest: !livemode,
      ts: sale.paidAt,
      connectedAccount,
    },
  });
  const conversionId = result.attributed ? result.conversion_id : null;
  await notePayment(ctx, { ...sale, conversionId });
  if (!conversionId) return ignored('not_attributed', 'neither the customer nor the checkout points at an active affiliate');
  const conv = (await conversionById({ ctx, id: conversionId }))!;
  return applied(known ? 'conversion_exists' : 'conversion_created', describeConversion(conv), conversionId);
}

export type LeadFacts = { externalId: string; customerId: string; at: Date; livemode: boolean; hints: Hints; connectedAccount?: string | null };

/**
 * A sign-up that pays later (a free trial) becomes a lead through recordConversion, attributed by
 * what the checkout knew at the checkout's time; every later payment of the customer then finds
 * the affiliate by customer, whatever the cookie window (docs/integrations/stripe.md#trials).
 * Leads earn nothing; they count as leads in reports. Idempotent on the checkout's id.
 */
export async function recordProviderLead({ ctx, lead }: { ctx: IntegrationCtx; lead: LeadFacts }): Promise<Outcome> {
  const { hints } = lead;
  const known = await conversionByExternalId({ ctx, externalId: lead.externalId });
  const result = await recordConversion({
    ctx,
    input: {
      type: 'lead',
      externalId: lead.externalId,
      customerId: lead.customerId,
      visitorId: hints.visitorId,
      ref: hints.ref,
      manualCode: hints.manualCode,
      isTest: !lead.livemode,
      ts: lead.at,
      connectedAccount: lead.connectedAccount,
    },
  });
  if (!result.attributed) return ignored('not_attributed', `${lead.customerId} noted, but no click in its window, ref or code points at an active affiliate`);
  const conv = (await conversionById({ ctx, id: result.conversion_id }))!;
  const detail = `${lead.customerId} signed up without paying (a trial): a lead by ${(conv.attribution as Receipt | null)?.method ?? conv.matchMethod}; its payments keep this affiliate`;
  return applied(known ? 'lead_exists' : 'lead_created', conv.isTest ? `${detail}; test mode` : detail, conv.id);
}
