// Declarations the generator leaves out but which are true of every schema it emits.

export const TAGS = [
  { name: 'Affiliates', description: 'Invite, create, approve and manage affiliates.' },
  { name: 'Affiliate keys', description: "Read-only refa_live_ keys: an affiliate's own records under /v1/affiliate/*." },
  { name: 'Campaigns', description: 'Campaigns, their status and their commission rules.' },
  { name: 'Links', description: 'Referral links.' },
  { name: 'Rewards', description: 'The reward library: reusable commission terms.' },
  { name: 'Products', description: 'The product catalog and the policy for products outside it.' },
  { name: 'Groups', description: 'Partner groups: their commission rule overrides, discount, join page and auto-approval.' },
  { name: 'Move rules', description: 'Rules moving affiliates between partner groups when their totals pass thresholds.' },
  { name: 'Settings', description: 'Program settings of the workspace.' },
  { name: 'Webhooks', description: 'Webhook endpoints (Standard Webhooks signatures), deliveries and redelivery.' },
  { name: 'Resources', description: 'Reading conversions, commissions and payouts.' },
  { name: 'Conversions', description: 'Re-attribute, change the status of or refund a conversion.' },
  { name: 'Commissions', description: 'Approve, deny or adjust commissions.' },
  { name: 'Bounties', description: 'Flat rewards for reaching a total in a period or for approved proof.' },
  { name: 'Payouts', description: 'Payout batches, their status and the mass-payout CSV.' },
  { name: 'Risk', description: 'Risk assessments of affiliates: flags and recommendations, never automatic bans.' },
  { name: 'Reports', description: 'Totals, time series and the affiliate leaderboard.' },
  { name: 'Tracking', description: 'Server-to-server clicks, leads, sales and refunds.' },
  { name: 'Embedded referrals', description: "Signed tokens for an affiliate's referral page framed inside your own app." },
  { name: 'Audit', description: 'Who changed what: every management write, in the transaction that made it.' },
];

const INT32 = 2 ** 31;

/**
 * JSON integers here are JavaScript safe integers, so each fits int64; those whose declared
 * bounds fit 32 bits say int32. (The generator emits neither.)
 */
export function declareIntegerFormats(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(declareIntegerFormats);
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  const isInteger = schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer'));
  if (isInteger && schema.format === undefined) {
    const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
    schema.format = minimum !== undefined && maximum !== undefined && minimum >= -INT32 && maximum < INT32 ? 'int32' : 'int64';
  }
  Object.values(schema).forEach(declareIntegerFormats);
}
