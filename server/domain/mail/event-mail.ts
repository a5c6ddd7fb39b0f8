import { formatMoney } from '../../model/money';
import type { EmailKind } from './kinds';

// Which event makes which e-mail (docs/emails.md#kinds), pure: the job (from-events.ts) reads
// the events and the affiliates, this says what to write. Each e-mail carries a dedupe key, so
// an event read twice, or two events saying the same thing (payout.sent then payout.paid, a
// commission approved again after a failed payout), makes one e-mail.

/** The types the job reads; webhook_events_mail_idx indexes exactly these. */
export const MAIL_EVENT_TYPES = ['affiliate.updated', 'commission.created', 'commission.updated', 'payout.sent', 'payout.paid', 'payout.failed', 'affiliate.group_changed'] as const;

export type MailEvent = { id: string; type: string; payload: unknown };
/** `groupId`: the group whose name the job fills in as group.name (group_changed). */
export type EventMail = { kind: EmailKind; affiliateId: string; dedupeKey: string; values: Record<string, string>; groupId?: string };

type Data = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

// Only the approving change sets approved_at (update-affiliate.ts): an edit of an affiliate
// approved long ago carries an old approved_at and is no approval.
const APPROVAL_WINDOW_MS = 60_000;

export function mailForEvent(event: MailEvent): EventMail | null {
  const payload = (event.payload ?? {}) as { timestamp?: unknown; data?: Data };
  const d = payload.data ?? {};
  const id = str(d.id);
  const affiliateId = str(d.affiliate_id);
  const money = () => {
    const amount = num(d.amount);
    const currency = str(d.currency);
    return amount === null || !currency ? null : formatMoney(Math.abs(amount), currency);
  };
  switch (event.type) {
    case 'affiliate.updated': {
      const approvedAt = str(d.approved_at);
      const at = str(payload.timestamp);
      if (!id || d.status !== 'active' || !approvedAt || !at) return null;
      if (Math.abs(Date.parse(at) - Date.parse(approvedAt)) > APPROVAL_WINDOW_MS) return null;
      return { kind: 'affiliate_approved', affiliateId: id, dedupeKey: `affiliate_approved:${id}:${approvedAt}`, values: {} };
    }
    case 'affiliate.group_changed': {
      // Keyed by the event: an affiliate moved back and forth hears of each move.
      const groupId = str(d.group_id);
      if (!id || !groupId) return null;
      return { kind: 'group_changed', affiliateId: id, dedupeKey: `group_changed:${event.id}`, values: {}, groupId };
    }
    case 'commission.created':
    case 'commission.updated': {
      const amount = num(d.amount);
      const formatted = money();
      if (!id || !affiliateId || amount === null || amount === 0 || !formatted) return null;
      const values = { 'commission.amount': formatted };
      // A clawback is a negative commission row (engine/plan-ledger.ts), born approved.
      if (amount < 0) return event.type === 'commission.created' ? { kind: 'clawback', affiliateId, dedupeKey: `clawback:${id}`, values } : null;
      if (event.type === 'commission.created') return { kind: 'commission_earned', affiliateId, dedupeKey: `commission_earned:${id}`, values };
      if (d.status !== 'approved') return null;
      return { kind: 'commission_approved', affiliateId, dedupeKey: `commission_approved:${id}`, values };
    }
    case 'payout.sent':
    case 'payout.paid': {
      const formatted = money();
      if (!id || !affiliateId || !formatted) return null;
      return { kind: 'payout_sent', affiliateId, dedupeKey: `payout_sent:${id}`, values: { 'payout.amount': formatted } };
    }
    case 'payout.failed': {
      const formatted = money();
      if (!id || !affiliateId || !formatted) return null;
      // Each failure is its own news: keyed by the event, not the payout, which may fail again.
      const reason = str(d.failure_reason) ?? 'the payment provider refused it';
      return { kind: 'payout_failed', affiliateId, dedupeKey: `payout_failed:${event.id}`, values: { 'payout.amount': formatted, 'payout.failure_reason': reason } };
    }
    default:
      return null;
  }
}
