// The affiliate e-mails (docs/emails.md#kinds): what each says by default, the variables it may
// use, and whether it is transactional (sent whenever the kind is on, unsubscribed or not).

import { EMAIL_KINDS, type EmailKind } from '../../model/enums';

export { EMAIL_KINDS, type EmailKind };

const COMMON = ['affiliate.name', 'affiliate.email', 'affiliate.ref_code', 'program.name', 'portal_url'] as const;
const COMMISSION = [...COMMON, 'commission.amount'] as const;
const PAYOUT = [...COMMON, 'payout.amount'] as const;

/** The variables a broadcast's text may use: the ones every kind knows. */
export const BROADCAST_VARIABLES: readonly string[] = COMMON;

type KindDefinition = { transactional: boolean; subject: string; body: string; variables: readonly string[]; label: string };

export const KINDS: Record<EmailKind, KindDefinition> = {
  affiliate_approved: {
    label: 'Affiliate approved',
    transactional: true,
    variables: [...COMMON, 'link'],
    subject: 'You are in: welcome to the {{program.name}} affiliate program',
    body: [
      'Hello {{affiliate.name}},',
      '',
      'Your application to the {{program.name}} affiliate program is approved.',
      '',
      'Your referral link:',
      '{{link}}',
      '',
      'Sign in to your portal to follow your clicks, sales and commissions:',
      '{{portal_url}}',
    ].join('\n'),
  },
  commission_earned: {
    label: 'Commission earned',
    transactional: false,
    variables: COMMISSION,
    subject: 'You earned {{commission.amount}} with {{program.name}}',
    body: ['Hello {{affiliate.name}},', '', 'A sale you referred earned you a commission of {{commission.amount}}. It is paid once it is approved and its hold period ends.', '', 'Your portal: {{portal_url}}'].join('\n'),
  },
  commission_approved: {
    label: 'Commission approved',
    transactional: false,
    variables: COMMISSION,
    subject: 'Your {{commission.amount}} commission is approved',
    body: ['Hello {{affiliate.name}},', '', 'Your commission of {{commission.amount}} from {{program.name}} is approved and will be in your next payout.', '', 'Your portal: {{portal_url}}'].join('\n'),
  },
  payout_sent: {
    label: 'Payout sent',
    transactional: false,
    variables: PAYOUT,
    subject: '{{program.name}} sent you {{payout.amount}}',
    body: ['Hello {{affiliate.name}},', '', '{{program.name}} sent you a payout of {{payout.amount}}.', '', 'Your portal: {{portal_url}}'].join('\n'),
  },
  payout_failed: {
    label: 'Payout failed',
    transactional: true,
    variables: [...PAYOUT, 'payout.failure_reason'],
    subject: 'Your {{program.name}} payout of {{payout.amount}} did not go through',
    body: [
      'Hello {{affiliate.name}},',
      '',
      'Your payout of {{payout.amount}} could not be sent: {{payout.failure_reason}}',
      '',
      'Please check your payout details in your portal; your commissions stay owed to you and go into the next payout.',
      '{{portal_url}}',
    ].join('\n'),
  },
  group_changed: {
    label: 'Moved to another group',
    transactional: false,
    variables: [...COMMON, 'group.name'],
    subject: 'You moved to {{group.name}} in {{program.name}}',
    body: ['Hello {{affiliate.name}},', '', 'You are now in the {{group.name}} group of the {{program.name}} affiliate program. Sales from now on earn under its terms; what you already earned stays as it is.', '', 'Your portal: {{portal_url}}'].join('\n'),
  },
  clawback: {
    label: 'Commission reversed',
    transactional: false,
    variables: COMMISSION,
    subject: 'A {{program.name}} commission was reversed',
    body: ['Hello {{affiliate.name}},', '', 'A sale you referred was refunded, so {{commission.amount}} is taken back from your earnings; your next payout is lower by that much.', '', 'Your portal: {{portal_url}}'].join('\n'),
  },
};

/** What a preview fills the variables with. */
export const SAMPLE_VALUES: Record<string, string> = {
  'affiliate.name': 'Ada Lovelace',
  'affiliate.email': 'ada@example.com',
  'affiliate.ref_code': 'ada',
  'commission.amount': '$42.00',
  'payout.amount': '$120.00',
  'payout.failure_reason': 'the PayPal account could not receive the payment',
  'group.name': 'Gold partners',
  link: 'https://example.com/?ref=ada',
};
