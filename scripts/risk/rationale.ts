import type { Feature } from '@/server/domain/risk/features';

// Why each feature is in the model, in words; train.ts appends what the fitted weight means.
export const RATIONALE: Record<Feature, { why: string; step: number; unit: string }> = {
  self_customer: {
    why: "Conversions whose customer_id is the affiliate's own e-mail, id or ref code: the affiliate bought through its own link. One is already rare for an honest affiliate; the feature saturates at three.",
    step: 1 / 3,
    unit: 'self-named conversion',
  },
  self_device_share: {
    why: "Share of conversions (at least 4 counted) whose visitor's clicks came from a device (fingerprint or address) that also made a large share of the affiliate's own clicks: the affiliate buying from the machine it tests its links on.",
    step: 0.1,
    unit: '0.1 of conversions',
  },
  velocity_own_z: {
    why: 'Clicks per day over the last 7 days against the 28 days before, as a robust z-score (median/MAD, floor 1 click or the Poisson noise of the baseline). Bursts from click farms; honest viral posts also spike, which is why the weight stays moderate.',
    step: 1,
    unit: 'robust z',
  },
  velocity_workspace_z: {
    why: "log(1 + clicks per day) against the workspace's affiliates, as a robust z-score (floor 0.5). Farms and cookie stuffers run at tens of times a normal affiliate's volume from the first day, so they have no own history to spike against.",
    step: 1,
    unit: 'robust z',
  },
  ip_top3_share: {
    why: 'Repeat clicks (beyond one per address) from the three busiest address hashes, over all clicks (at least 20). Proxies of click farms and self-clicking concentrate; so does an honest audience behind carrier NAT.',
    step: 0.1,
    unit: '0.1 of clicks',
  },
  shared_fingerprint_share: {
    why: "Share of clicks (at least 20 counted) carrying fingerprints also seen on the closest other affiliate. One person running several accounts clicks them all from the same few devices; readers shared by two blogs are a few percent.",
    step: 0.1,
    unit: '0.1 of clicks',
  },
  refund_rate: {
    why: "Refunded and charged-back sales over sales, shrunk toward the workspace's rate with 5 pseudo-sales so two refunds out of three sales do not look like abuse.",
    step: 0.1,
    unit: '0.1 of sales',
  },
  conversion_rate_low_z: {
    why: "How far below the workspace the affiliate's conversion rate is (logit of a rate shrunk with 50 pseudo-clicks, robust z, floor 0.25): bots and stuffed cookies click without buying.",
    step: 1,
    unit: 'robust z',
  },
  conversion_rate_high_z: {
    why: 'How far above the workspace the conversion rate is: own purchases and bought refunds inflate it. Honest niche affiliates also convert well, so this alone weighs little.',
    step: 1,
    unit: 'robust z',
  },
  disposable_email: {
    why: "The affiliate's e-mail or payout e-mail is on the disposable-email-domains list (npm). Cheap throwaway identities go with fraud, but some honest people use them too: supporting evidence only.",
    step: 1,
    unit: 'yes',
  },
  ip_unconverted_share: {
    why: 'The address concentration above, counted only as far as the affiliate converts below the workspace (full weight from two robust z below): farms and proxies concentrate and do not buy; a mobile or campus audience behind carrier NAT concentrates as much but buys like anyone.',
    step: 0.1,
    unit: '0.1 of clicks',
  },
  unconverted_volume_z: {
    why: "The workspace velocity z, counted only as far as the affiliate converts below the workspace: volume that does not buy (bots, stuffed cookies) rather than a big honest audience, which does.",
    step: 1,
    unit: 'robust z',
  },
};
