// Ids and the clock shared by the fixture objects (see README.md).

export const NOW = 1_767_225_600; // 2026-01-01T00:00:00Z
let seq = 0;
/** A Stripe-style id: prefix and 24 characters. */
export const sid = (prefix: string) => `${prefix}_${(++seq).toString(36).padStart(6, '0')}${Math.random().toString(36).slice(2, 20).padEnd(18, '0')}`;
