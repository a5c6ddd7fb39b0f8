// decisions.md §5: the events a webhook endpoint can subscribe to (`*` subscribes to all).
export const EVENT_TYPES = [
  'affiliate.created',
  'affiliate.updated',
  'campaign.created',
  'campaign.updated',
  'conversion.created',
  'conversion.updated',
  'commission.created',
  'commission.updated',
  'payout.created',
  'payout.updated',
  'risk.flagged',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];
