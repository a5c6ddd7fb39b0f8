// The conversion statuses on which commissions are clawed back (interface-v1.md).
export const REVERSAL_STATES: ReadonlySet<string> = new Set(['refunded', 'reversed', 'chargeback']);
