// Bounds the API declares and the domain enforces, in one place so the document and the code
// cannot drift apart (each is a maxItems in /v1/openapi.json).

/** One payout batch pays at most this many commissions; the next batch pays the rest. */
export const MAX_COMMISSIONS_PER_BATCH = 100_000;
/** A campaign holds at most this many commission rules. */
export const MAX_RULES_PER_CAMPAIGN = 100;
/** The commission-rule view embeds the oldest this many products redirected to the campaign. */
export const MAX_OVERRIDES_SHOWN = 200;
/** A reward lists at most this many campaigns using it, the oldest first. */
export const MAX_USAGE_SHOWN = 200;
/** A payouts CSV holds at most this many lines: PayPal takes up to 15,000 payments per file. */
export const MAX_CSV_PAYOUTS = 15_000;
/** The year-end tax export's lines (one per US payee above the threshold), and one line's bound. */
export const MAX_TAX_EXPORT_PAYEES = 50_000;
export const MAX_TAX_EXPORT_LINE = 1_500;
/** Upper bound of one CSV line: an e-mail (254), amount, currency, note with the payout id, wallet. */
export const MAX_CSV_LINE = 400;
/** A report series has at most this many points. */
export const MAX_SERIES_POINTS = 3_700;
/** An attribution receipt keeps at most this many candidate touches. */
export const MAX_TOUCHES = 200;
/** A summary lists at most this many currencies (ISO 4217 has fewer than 200). */
export const MAX_REPORT_CURRENCIES = 200;
