// Self-recruits (docs/groups-bounties-recruiters.md#self-recruits): an affiliate recruiting itself
// under a second account would earn twice on its own sales. Pure: a snapshot of both parties in,
// the signals they share out; the reads are in recruit.ts. The signals are the risk engine's: the
// inbox (normalise-email.ts), the devices it calls an affiliate's own (self-referral-devices.ts),
// and where the money goes.

/** What is compared of each side. Every value already normalised (inboxes) or hashed (devices). */
export type RecruitParty = {
  /** The affiliate's inbox and its payout e-mail's inbox (normaliseEmail), when known. */
  inboxes: string[];
  /** Its devices: `f:` fingerprint hashes and `i:` address hashes of its own visits or sign-up. */
  devices: string[];
  /** Where it is paid: `stripe:acct_…`, `paypal:<inbox or id>`. */
  payoutAccounts: string[];
};

export const SELF_RECRUIT_SIGNALS = ['email', 'device', 'payout_method'] as const;
export type SelfRecruitSignal = (typeof SELF_RECRUIT_SIGNALS)[number];

const shares = (a: string[], b: string[]) => {
  const set = new Set(a.filter(Boolean));
  return b.some((v) => v && set.has(v));
};

/**
 * The signals on which a recruit looks like its recruiter (none: a real recruit). The e-mail
 * signal also catches a payout e-mail that is the other's sign-in inbox; the payout signal a
 * PayPal receiver that is the other's payout e-mail.
 */
export function selfRecruitSignals({ recruiter, recruit }: { recruiter: RecruitParty; recruit: RecruitParty }): SelfRecruitSignal[] {
  const found: SelfRecruitSignal[] = [];
  if (shares(recruiter.inboxes, recruit.inboxes)) found.push('email');
  if (shares(recruiter.devices, recruit.devices)) found.push('device');
  if (shares(recruiter.payoutAccounts, recruit.payoutAccounts)) found.push('payout_method');
  return found;
}
