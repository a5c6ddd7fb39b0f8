// The shapes of a payout rail (docs/paying-affiliates.md#sending-a-batch): what the domain hands
// a provider and what it answers. The providers' code lives under server/integrations/.

/** A line as the rail sends it: the exact parameters are kept on the line, so a retry repeats them. */
export type RailLine = { id: string; batchId: string; amount: number; currency: string; destination: string };

/**
 * The provider's answer for one line: paid; refused or taken back before it was paid (the line
 * fails, or is `returned`, with the reason); accepted and not final yet (`pending`: it stays
 * processing, with the provider's references kept); or none (`unknown`: it stays processing and
 * is asked again).
 */
export type RailAnswer =
  | { outcome: 'paid'; ref: string; batchRef?: string }
  | { outcome: 'failed'; reason: string; returned?: boolean; ref?: string; batchRef?: string }
  | { outcome: 'pending'; batchRef: string; ref?: string }
  | { outcome: 'unknown'; reason: string };

/** A rail paying each line by its own call under an idempotency key (Stripe Connect transfers). */
export type TransferRail = { name: 'stripe_connect'; transfer(line: RailLine): Promise<RailAnswer> };

/** A line of a batch rail, with what the last send learnt of it. */
export type BatchRailLine = RailLine & { status: string; providerBatchRef: string | null; providerRef: string | null };

/**
 * A rail paying many lines in one call (PayPal Payouts). It is given every line the batch sent
 * through it, in id order (its calls are cut from that order, so a retry repeats the same
 * calls), and answers the lines it learnt something about.
 */
export type BatchRail = { name: 'paypal'; sendBatch(batch: { batchId: string; lines: BatchRailLine[] }): Promise<Map<string, RailAnswer>> };

export type PayoutRail = TransferRail | BatchRail;
export type RailName = PayoutRail['name'];
