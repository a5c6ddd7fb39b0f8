/** Recipients one broadcast may have (docs/emails.md#broadcasts): a bigger program sends one per campaign. */
export const MAX_BROADCAST_RECIPIENTS = 5_000;
