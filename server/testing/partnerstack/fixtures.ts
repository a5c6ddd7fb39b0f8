import type { PartnerStackCustomer, PartnerStackGroup, PartnerStackPartnership, PartnerStackPayout, PartnerStackReward, PartnerStackTransaction } from '../../importers/partnerstack/api';
import type { PartnerStackData } from './fake-api';

// A PartnerStack program to import, shaped as its docs show the objects: two groups (one
// archived), `partners` partnerships (the first archived, every other with a `coupon_code` custom
// field), each with a referred Stripe customer, a transaction and a reward on it; rewards cycle
// through paid (withdrawn, in one paid payout per partner), approved (available to pay here),
// pending and declined; plus a sign-up reward with no transaction and one payout not yet paid.

const ms = (daysAgo: number) => Date.now() - daysAgo * 86_400_000;

export function partnerStackAccount(prefix: string, partners = 120): PartnerStackData & { customerOf: (i: number) => string; partnerKeyOf: (i: number) => string; customerKeyOf: (i: number) => string } {
  const groups: PartnerStackGroup[] = [
    { key: `grup_${prefix}main`, name: `${prefix} partners`, slug: `${prefix}-partners`, default: true, archived: false, created_at: ms(400) },
    { key: `grup_${prefix}old`, name: `${prefix} resellers`, slug: `${prefix}-resellers`, default: false, archived: true, created_at: ms(400) },
  ];
  // partner 3's key is mixed case: ref codes are stored lower-case, and matched so
  const partnerKeyOf = (i: number) => (i === 3 ? `${prefix}Key${i}` : `${prefix}key${i}`);
  const customerOf = (i: number) => `cus_${prefix}${i}`;
  const customerKeyOf = (i: number) => `cust_${prefix}${i}`;
  const partnerships: PartnerStackPartnership[] = [];
  const customers: PartnerStackCustomer[] = [];
  const transactions: PartnerStackTransaction[] = [];
  const rewards: PartnerStackReward[] = [];
  const payouts: PartnerStackPayout[] = [];
  const kinds = ['paid', 'approved', 'pending', 'declined'] as const;
  for (let i = 0; i < partners; i++) {
    const key = `part_${prefix}${i}`;
    partnerships.push({
      key,
      partner_key: partnerKeyOf(i),
      email: `${prefix}${i}@example.com`,
      first_name: `First${i}`,
      last_name: 'Last',
      status: i === 0 ? 'archived' : 'active',
      group: { key: groups[i % 2].key, name: groups[i % 2].name },
      fields: i % 2 === 0 ? { coupon_code: `${prefix.toUpperCase()}CODE${i}` } : {},
      created_at: ms(300),
    });
    customers.push({ key: `cuky_${prefix}${i}`, customer_key: customerKeyOf(i), email: `${prefix}cust${i}@example.com`, name: null, partnership_key: key, provider_key: customerOf(i), created_at: ms(200) });
    const amount = 9900 + i;
    const transaction: PartnerStackTransaction = { key: `tran_${prefix}${i}`, customer_key: customerKeyOf(i), amount, currency: 'USD', product_key: null, category_key: null, approved: true, created_at: ms(120) };
    transactions.push(transaction);
    const kind = kinds[i % 4];
    const reward: PartnerStackReward = {
      key: `rwrd_${prefix}${i}`,
      amount: 1990 + i,
      status: kind === 'pending' ? 'pending' : kind === 'declined' ? 'declined' : 'approved',
      payment_status: kind === 'paid' ? 'withdrawn' : null,
      partnership_key: key,
      customer_key: customerKeyOf(i),
      transaction_key: transaction.key,
      description: '20% of every sale',
      decline_reason: kind === 'declined' ? 'refunded' : null,
      created_at: ms(120),
    };
    rewards.push(reward);
    if (kind === 'paid') payouts.push({ key: `pout_${prefix}${i}`, partnership_key: key, amount: reward.amount, status: 'paid', paid_at: ms(50), rewards: [{ key: reward.key }], created_at: ms(55) });
  }
  // a customer signed up with no partner, a $5 sign-up reward (no sale), a payout still on its way
  customers.push({ key: `cuky_${prefix}none`, customer_key: `cust_${prefix}none`, email: null, name: null, partnership_key: null, provider_key: null, created_at: ms(10) });
  rewards.push({ key: `rwrd_${prefix}signup`, amount: 500, currency: 'USD', status: 'approved', payment_status: null, partnership_key: partnerships[1].key, customer_key: null, transaction_key: null, description: '$5 for every sign up', decline_reason: null, created_at: ms(5) });
  payouts.push({ key: `pout_${prefix}due`, partnership_key: partnerships[1].key, amount: 1991, currency: 'USD', status: 'pending', paid_at: null, created_at: ms(5) });
  return { groups, partnerships, customers, transactions, rewards, payouts, customerOf, partnerKeyOf, customerKeyOf };
}
