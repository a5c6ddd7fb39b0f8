// The conversion statuses on which commissions are clawed back (docs/commissions.md#the-ledger-rule).
export const REVERSAL_STATES: ReadonlySet<string> = new Set(['refunded', 'reversed', 'chargeback']);

// Commission statuses that count toward nothing: no rollup, no clawback sum.
export const VOID_COMMISSION_STATES = ['reversed', 'denied'] as const;
export const isVoidCommission = (status: string) => (VOID_COMMISSION_STATES as readonly string[]).includes(status);
