import { formatMoney } from '@/server/model/money';

// One audit event's `changes` as lines a person reads (docs/dashboard.md, /dashboard/activity): "field: old →
// new" for an update, the record's fields for a creation or removal; amounts as money, lists and
// nested values as words, never JSON.

// Fields holding integer minor units, whatever the record.
const MONEY_FIELDS = new Set(['amount', 'computed_amount', 'refunded_amount', 'min_payout', 'tax_form_threshold', 'flat_amount', 'amount_off', 'threshold']);
const HIDDEN = new Set(['id', 'created_at', 'updated_at', 'workspace_id']);
export const MAX_FIELDS = 6;

const label = (field: string) => field.replace(/_/g, ' ');

/** A value in words: amounts with their currency, yes/no, lists joined, objects as "key: value". */
export function showValue(field: string, value: unknown, currency: string, depth = 0): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number' && Number.isInteger(value) && (MONEY_FIELDS.has(field) || field.endsWith('_amount'))) return formatMoney(value, currency);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length ? value.map((v) => showValue(field, v, currency, depth + 1)).join(', ') : 'none';
  if (typeof value === 'object') {
    if (depth > 1) return '…';
    const inner = value as Record<string, unknown>;
    const cur = typeof inner.currency === 'string' ? inner.currency : currency;
    return Object.entries(inner)
      .filter(([k]) => !HIDDEN.has(k))
      .map(([k, v]) => `${label(k)} ${showValue(k, v, cur, depth + 1)}`)
      .join(', ');
  }
  return String(value);
}

export function changeLines(changes: Record<string, unknown>, workspaceCurrency: string): { lines: string[]; more: number } {
  const before = (changes.before ?? {}) as Record<string, unknown>;
  const after = (changes.after ?? {}) as Record<string, unknown>;
  const currency = [after.currency, before.currency].find((c): c is string => typeof c === 'string') ?? workspaceCurrency;
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])].filter((f) => !HIDDEN.has(f));
  const both = changes.before !== undefined && changes.after !== undefined;
  const lines = fields
    .slice(0, MAX_FIELDS)
    .map((f) => (both ? `${label(f)}: ${showValue(f, before[f], currency)} → ${showValue(f, after[f], currency)}` : `${label(f)}: ${showValue(f, f in after ? after[f] : before[f], currency)}`));
  const extra = Object.entries(changes)
    .filter(([k]) => k !== 'before' && k !== 'after')
    .map(([k, v]) => `${label(k)}: ${showValue(k, v, currency)}`);
  return { lines: [...lines, ...extra], more: Math.max(0, fields.length - MAX_FIELDS) };
}
