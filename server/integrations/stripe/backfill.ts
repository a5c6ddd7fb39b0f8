import type Stripe from 'stripe';
import type { Db } from '@/db/client';
import { countOutcome, type BackfillCounts, type BackfillKind, type BackfillPage } from '../backfill-page';
import { hasHints, linkCustomer, type Hints } from '../customers';
import { integrationCtx, type Handler, type Integration, type IntegrationCtx } from '../provider';
import { objectsOf } from '../payments-noted';
import { stripeCall, stripeClient } from './api';
import { checkoutCompleted } from './checkout-completed';
import { invoicePaid } from './invoice-paid';
import { promotionCodeText } from './resolve';

// Stripe's backfill (docs/integrations/stripe.md "Backfill"), in three phases:
// 1. checkouts completed since the date, oldest first, through the live handler: they link
//    customers (visitor id, metadata, promotion code) and record one-time payments;
// 2. every customer, linked by metadata.refcount_ref / refcount_visitor_id or its discount's
//    promotion code (a link has no date; the first link wins, as live);
// 3. invoices paid since the date, oldest first, through the live handler, which decides at
//    once (final: a past invoice has nothing left to wait for).
// Stripe lists newest first; a sale's period_index counts the customer's earlier payments, so
// checkouts and invoices are read by windows of time moving forward, each window sorted oldest
// first. The cursor of those phases is the next window's start (Unix seconds); of customers, the
// last customer read.

const PAGE = 100;
const WINDOW_SECONDS = 7 * 86_400;
// Below this a window is read whole, however many pages it takes.
const MIN_WINDOW_SECONDS = 3_600;

type Range = { gte: number; lt: number };
type Lister<T> = (created: Range, startingAfter: string | undefined) => Promise<Stripe.ApiList<T>>;

/**
 * The objects created in the first window from `from` (before `until`) that fits one page,
 * halving the window while it does not; and where the next window starts (null: none left).
 */
async function nextWindow<T extends { id: string; created: number }>(list: Lister<T>, from: number, until: number): Promise<{ objects: T[]; next: number | null }> {
  let span = WINDOW_SECONDS;
  for (;;) {
    const lt = Math.min(from + span, until);
    const first = await list({ gte: from, lt }, undefined);
    let objects = first.data;
    if (first.has_more && lt - from > MIN_WINDOW_SECONDS) {
      span = Math.max(MIN_WINDOW_SECONDS, Math.floor((lt - from) / 2));
      continue;
    }
    for (let more = first.has_more; more; ) {
      const page = await list({ gte: from, lt }, objects[objects.length - 1].id);
      objects = objects.concat(page.data);
      more = page.has_more && page.data.length > 0;
    }
    objects.sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : 1));
    return { objects, next: lt >= until ? null : lt };
  }
}

/** Applies a past object through the live event's handler, in its own transaction as an event is. */
async function applyPast(db: Db, integration: Integration, handler: Handler, type: string, object: { id: string; livemode: boolean; created: number }) {
  return db.transaction((tx) =>
    handler({
      ctx: integrationCtx(tx, integration.workspaceId, 'stripe'),
      integration,
      // Not a Stripe event id: the backfill's own, so customer links say where they came from.
      event: { id: `backfill:${object.id}`, type, livemode: object.livemode, occurredAt: new Date(object.created * 1000) },
      object,
      final: true,
    }),
  );
}

async function promotionCodeOf(ctx: IntegrationCtx, integration: Integration, discount: Stripe.Customer['discount']): Promise<string | null> {
  const p = discount?.promotion_code;
  if (!p) return null;
  if (typeof p === 'object') return p.code;
  const [known] = await objectsOf(ctx, 'promotion_code', { ids: [p] });
  return known ? known.target : promotionCodeText(ctx, integration, p);
}

/** Links a customer by what Stripe keeps on it; true when this made the link. */
async function linkPastCustomer(db: Db, integration: Integration, c: Stripe.Customer): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ctx = integrationCtx(tx, integration.workspaceId, 'stripe');
    const hints: Hints = { visitorId: c.metadata.refcount_visitor_id || null, ref: c.metadata.refcount_ref || null, manualCode: await promotionCodeOf(ctx, integration, c.discount) };
    if (!hasHints(hints)) return false;
    const source = `backfill:${c.id}`;
    return (await linkCustomer(ctx, c.id, hints, source)).sourceEventId === source;
  });
}

const page: BackfillPage = async ({ db, integration, key, backfill }) => {
  const stripe = stripeClient(key);
  const counts: Partial<BackfillCounts> = {};
  const until = Math.floor(backfill.createdAt.getTime() / 1000);
  const from = Number(backfill.cursor ?? Math.floor(backfill.since.getTime() / 1000));
  switch (backfill.phase) {
    case 'checkouts': {
      const list: Lister<Stripe.Checkout.Session> = (created, startingAfter) =>
        stripeCall('list checkout sessions', () => stripe.checkout.sessions.list({ created, status: 'complete', limit: PAGE, starting_after: startingAfter }));
      const { objects, next } = await nextWindow(list, from, until);
      for (const s of objects) countOutcome(counts, await applyPast(db, integration, checkoutCompleted, 'checkout.session.completed', s));
      counts.checkouts = objects.length;
      return next ? { phase: 'checkouts', cursor: String(next), counts } : { phase: 'customers', cursor: null, counts };
    }
    case 'customers': {
      const list = await stripeCall('list customers', () => stripe.customers.list({ limit: PAGE, starting_after: backfill.cursor ?? undefined }));
      for (const c of list.data) if (await linkPastCustomer(db, integration, c)) counts.linked = (counts.linked ?? 0) + 1;
      counts.customers = list.data.length;
      const last = list.data[list.data.length - 1];
      return list.has_more && last ? { phase: 'customers', cursor: last.id, counts } : { phase: 'invoices', cursor: null, counts };
    }
    case 'invoices': {
      const list: Lister<Stripe.Invoice> = (created, startingAfter) =>
        stripeCall('list invoices', () => stripe.invoices.list({ created, status: 'paid', limit: PAGE, starting_after: startingAfter }));
      const { objects, next } = await nextWindow(list, from, until);
      for (const inv of objects) countOutcome(counts, await applyPast(db, integration, invoicePaid, 'invoice.paid', inv));
      counts.invoices = objects.length;
      return next ? { phase: 'invoices', cursor: String(next), counts } : { phase: 'done', cursor: null, counts };
    }
    default:
      return { phase: 'done', cursor: null, counts };
  }
};

export const stripeBackfill: BackfillKind = { first: { phase: 'checkouts', cursor: null }, page };
