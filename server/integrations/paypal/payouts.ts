import type { BatchRail, BatchRailLine, RailAnswer } from '../../domain/payouts/rails';
import { minorToDecimal } from '../../model/money';
import { PAYPAL_WHOLE_UNITS } from '../../domain/payouts/payable';
import { PaypalApiError, type PaypalApi, type PayoutItemRequest } from './api';
import { answerOfItem } from './item-states';

// PayPal Payouts as a batch rail (docs/paying-affiliates.md#paypal-payouts): one POST per at
// most 15,000 lines, its sender_batch_id made of the batch's id. PayPal makes a sender_batch_id
// once in 30 days, so a call whose answer was lost is simply made again: PayPal refuses it and
// links the batch it made, whose items are then read. Items are paid after the call answers:
// the lines stay processing until a webhook or a read of the batch says how each ended.

/** PayPal's limit of items in one call. */
export const PAYPAL_MAX_ITEMS = 15_000;
const PAGE = 1000;

/**
 * The calls a batch's lines make, cut from their order (ids ascending) so a retry cuts the same:
 * the first carries the batch's id as sender_batch_id, the next `<id>-2`, `<id>-3`…
 */
export function payoutChunks<T>(batchId: string, lines: readonly T[], limit = PAYPAL_MAX_ITEMS): { senderBatchId: string; lines: T[] }[] {
  const out: { senderBatchId: string; lines: T[] }[] = [];
  for (let i = 0; i < lines.length; i += limit) out.push({ senderBatchId: i ? `${batchId}-${i / limit + 1}` : batchId, lines: lines.slice(i, i + limit) });
  return out;
}

/** A line as a payout item: an e-mail address or a PayPal payer id, the amount as PayPal writes it. */
export function itemOf(line: BatchRailLine): PayoutItemRequest {
  const whole = PAYPAL_WHOLE_UNITS.has(line.currency);
  return {
    recipient_type: line.destination.includes('@') ? 'EMAIL' : 'PAYPAL_ID',
    amount: { currency: line.currency.toUpperCase(), value: whole ? String(line.amount / 100) : minorToDecimal(line.amount, line.currency) },
    receiver: line.destination,
    sender_item_id: line.id,
  };
}

// PayPal's refusals of a whole call, in our words (never its message).
const REFUSALS: Record<string, string> = {
  INSUFFICIENT_FUNDS: 'the PayPal balance is too low for this payout',
  VALIDATION_ERROR: 'PayPal refused the payout as invalid',
  CURRENCY_NOT_SUPPORTED_FOR_RECEIVER: 'PayPal cannot pay this currency to the receiver',
  PAYOUT_NOT_ALLOWED: 'PayPal Payouts is not enabled on this PayPal account',
};

/** A refusal naming a sender_batch_id PayPal made already: the batch it links, or null. */
function madeAlready(err: PaypalApiError): string | null {
  const b = err.body;
  const reused = err.status === 400 && (b?.name === 'SENDER_BATCH_ID_ALREADY_USED' || b?.details?.some((d) => /sender_batch_id/i.test(`${d.field} ${d.issue}`)));
  if (!reused) return null;
  const link = b?.links?.find((l) => /\/v1\/payments\/payouts\/[^/?]+/.test(l.href));
  return link ? decodeURIComponent(new URL(link.href).pathname.split('/').pop()!) : null;
}

/** What a failed call means for its lines: a refusal before anything was made fails them; anything else is asked again later. */
function answerOfError(err: unknown): RailAnswer {
  if (!(err instanceof PaypalApiError)) throw err;
  // 401/403: the credentials (changed since?) cannot tell whether an earlier call was made: kept to retry.
  if (!err.status || err.status === 401 || err.status === 403 || err.status === 429 || err.status >= 500) return { outcome: 'unknown', reason: `PayPal answered ${err.status || 'nothing'}` };
  const name = err.body?.name ?? '';
  return { outcome: 'failed', reason: REFUSALS[name] ?? `PayPal refused the payout (${/^[A-Z_]{1,64}$/.test(name) ? name : err.status})` };
}

/** Every item of a PayPal batch, page by page. */
async function itemsOf(api: PaypalApi, payoutBatchId: string) {
  const items = [];
  for (let page = 1; ; page++) {
    const batch = await api.getPayout(payoutBatchId, page, PAGE);
    items.push(...(batch.items ?? []));
    if ((batch.items?.length ?? 0) < PAGE || (batch.total_pages && page >= batch.total_pages)) return items;
  }
}

/** The answers of a chunk's lines from the batch PayPal made of it. */
async function readBack(api: PaypalApi, payoutBatchId: string, lines: BatchRailLine[], answers: Map<string, RailAnswer>) {
  const ours = new Set(lines.map((l) => l.id));
  try {
    for (const item of await itemsOf(api, payoutBatchId)) {
      if (ours.has(item.payout_item.sender_item_id)) answers.set(item.payout_item.sender_item_id, answerOfItem(item));
    }
  } catch (err) {
    if (!(err instanceof PaypalApiError)) throw err;
    // The batch exists, so its lines never fail on a read: its id is kept and read again later.
    for (const l of lines) if (!answers.has(l.id)) answers.set(l.id, { outcome: 'pending', batchRef: payoutBatchId });
  }
}

/** The PayPal rail of a workspace with PayPal credentials. */
export function paypalRail(api: PaypalApi, limit = PAYPAL_MAX_ITEMS): BatchRail {
  return {
    name: 'paypal',
    async sendBatch({ batchId, lines }) {
      const answers = new Map<string, RailAnswer>();
      for (const chunk of payoutChunks(batchId, lines, limit)) {
        if (!chunk.lines.some((l) => l.status === 'processing')) continue;
        const known = chunk.lines.find((l) => l.providerBatchRef)?.providerBatchRef;
        if (known) {
          await readBack(api, known, chunk.lines, answers);
          continue;
        }
        try {
          const made = await api.createPayout({ sender_batch_header: { sender_batch_id: chunk.senderBatchId, email_subject: 'You have a payout' }, items: chunk.lines.map(itemOf) });
          const ref = made.batch_header.payout_batch_id;
          const answer: RailAnswer = made.batch_header.batch_status === 'DENIED' ? { outcome: 'failed', reason: 'PayPal denied the payout batch', batchRef: ref } : { outcome: 'pending', batchRef: ref };
          for (const l of chunk.lines) answers.set(l.id, answer);
        } catch (err) {
          const already = err instanceof PaypalApiError ? madeAlready(err) : null;
          if (already) await readBack(api, already, chunk.lines, answers);
          else for (const l of chunk.lines) answers.set(l.id, answerOfError(err));
        }
      }
      return answers;
    },
  };
}
