import type { conversions } from '@/db/schema';
import { newId } from '../../lib/ids';
import type { Attribution } from '../attribution/attribute';
import type { WorkspaceCtx } from '../context';
import { moneyEvents } from '../commissions/engine/events';
import type { PaymentHistory } from '../commissions/engine/history';
import { planLedger } from '../commissions/engine/plan-ledger';
import { contributionDeltas, contributionOf } from '../commissions/engine/rollups';
import { eventRows } from '../events/emit-event';
import type { Settings } from '../settings/settings';
import type { NewConversionRows } from '../../store/sale-write';
import { buildReceipt } from './receipt';
import type { BillingInterval } from '../../model/enums';

export type TrackConversion = {
  type: 'lead' | 'sale';
  externalId: string;
  visitorId?: string | null;
  fingerprint?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  ref?: string | null;
  manualCode?: string | null;
  customerId?: string | null;
  amount?: number | null;
  /** A sale's tax included in `amount` and its payment provider's fee, minor units; absent: not reported. */
  tax?: number | null;
  fee?: number | null;
  currency?: string | null;
  productId?: string | null;
  interval?: BillingInterval | null;
  isTest?: boolean;
  ts?: Date | null;
  /** The connected account a payment provider's event came from (Stripe Connect). */
  connectedAccount?: string | null;
  /** The e-mail given, as hashEmail (domain/tracking/email-hash.ts) keeps it. */
  emailHash?: string | null;
};

// The conversion as it will be stored, every column given (its receipt is added once the earning is known).
function conversionRow(ctx: WorkspaceCtx, input: TrackConversion, found: Attribution, campaignId: string, at: Date): typeof conversions.$inferSelect {
  const now = new Date();
  return {
    id: newId(), workspaceId: ctx.workspaceId, campaignId, affiliateId: found.affiliateId, type: input.type,
    status: input.type === 'sale' ? 'pending' : 'confirmed', amount: input.amount ?? 0, refundedAmount: 0,
    tax: input.type === 'sale' ? (input.tax ?? null) : null, fee: input.type === 'sale' ? (input.fee ?? null) : null,
    currency: (input.currency ?? 'usd').toLowerCase(), externalId: input.externalId, customerId: input.customerId ?? null,
    productId: input.productId ?? null, interval: input.interval ?? null, isTest: input.isTest ?? false,
    visitorKey: found.visitorKey ?? input.visitorId ?? null, clickId: found.clickId, matchMethod: found.method,
    matchConfidence: found.confidence, attribution: null, ts: at, createdAt: now, updatedAt: now,
    connectedAccount: input.connectedAccount ?? null, emailHash: input.emailHash ?? null,
  };
}

type NewConversion = {
  ctx: WorkspaceCtx;
  input: TrackConversion;
  found: Attribution;
  campaignId: string;
  at: Date;
  settings: Settings;
  history: PaymentHistory;
};

/**
 * An attributed conversion as it will be stored, with what it earns (the ledger rule on a
 * conversion without commissions, docs/commissions.md#the-ledger-rule), its attribution receipt,
 * its events and its rollup delta: every row complete, nothing written.
 */
export async function planNewConversion({ ctx, input, found, campaignId, at, settings, history }: NewConversion): Promise<NewConversionRows> {
  const conv = conversionRow(ctx, input, found, campaignId, at);
  const { created, earning } = await planLedger({ ctx, conv, settings, rows: [], history });
  const receipt = buildReceipt(found, earning, created.length > 0);
  if (conv.isTest && earning) receipt.reason = 'test_conversion';
  conv.attribution = receipt;
  return {
    conversion: conv,
    commissions: created,
    events: eventRows(ctx.workspaceId, moneyEvents({ row: conv, type: 'conversion.created' }, { created, updated: [] })),
    // a new conversion's commissions are exactly the ones it is stored with
    deltas: contributionDeltas({ workspaceId: ctx.workspaceId, before: null, after: await contributionOf({ ctx, conv, timeZone: settings.timezone, ledger: created }) }),
  };
}
