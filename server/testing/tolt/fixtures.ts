import type { ToltCommission, ToltCustomer, ToltLink, ToltPartner, ToltPromotionCode, ToltTransaction } from '../../importers/tolt/api';
import type { ToltData } from './fake-api';

// A Tolt program to import, shaped as its v1 docs show the objects: one program in USD (and another
// program of the organization that must not come over), `partners` partners (the first suspended,
// the second with a second link whose parameter is `via`), each with a promotion code, a referred
// Stripe customer (customer_id cus_…, from a click) with one transaction and one commission, and a
// lead that never paid. Every fourth commission is paid (in its own payout), the rest approved,
// pending or rejected; the third's amount is a string, as commissions/create shows.

const iso = (daysAgo: number, ms = 0) => new Date(Date.now() - daysAgo * 86_400_000 + ms).toISOString();

export function toltAccount(prefix: string, partners = 120): ToltData & { programId: string; customerOf: (i: number) => string; leadClickOf: (i: number) => string; tokenOf: (i: number) => string } {
  const programId = `prg_${prefix}`;
  const tokenOf = (i: number) => (i === 3 ? `${prefix}Tok${i}` : `${prefix}tok${i}`);
  const customerOf = (i: number) => `cus_${prefix}${i}`;
  const leadClickOf = (i: number) => `clk_${prefix}_lead${i}`;
  const data: ToltData = {
    programs: [
      { id: `prg_${prefix}_other`, name: 'Other program', status: 'active', currency_code: 'EUR', created_at: iso(500) },
      { id: programId, name: `${prefix} partners`, status: 'active', currency_code: 'USD', created_at: iso(400) },
    ],
    partners: [],
    links: [],
    'promotion-codes': [],
    customers: [],
    transactions: [],
    commissions: [],
  };
  const states: ToltCommission['status'][] = ['paid', 'approved', 'pending', 'rejected'];
  const base = { program_id: programId };
  for (let i = 0; i < partners; i++) {
    const id = `part_${prefix}${i}`;
    const partner: ToltPartner & typeof base = { ...base, id, first_name: `First${i}`, last_name: 'Last', email: `${prefix}${i}@example.com`, company_name: null, group_id: `grp_${prefix}`, status: i === 0 ? 'suspended' : 'active', payout_method: 'paypal', payout_details: { email: `${prefix}${i}.pay@example.com` }, created_at: iso(300) };
    data.partners.push(partner);
    const link: ToltLink & typeof base = { ...base, id: `lnk_${prefix}${i}`, param: 'ref', value: tokenOf(i), partner_id: id, created_at: iso(300) };
    data.links.push(link);
    if (i === 1) data.links.push({ ...base, id: `lnk_${prefix}${i}b`, param: 'via', value: `${prefix}second`, partner_id: id, created_at: iso(200) } as ToltLink);
    data['promotion-codes'].push({ ...base, id: `prc_${prefix}${i}`, code: `${prefix.toUpperCase()}CODE${i}`, type: 'percentage', value: 20, partner_id: id, active: true, created_at: iso(300) } as ToltPromotionCode);
    const customer: ToltCustomer = { ...base, id: `cust_${prefix}${i}`, email: `${prefix}cust${i}@example.com`, partner_id: id, customer_id: customerOf(i), click_id: `clk_${prefix}${i}`, status: 'active', created_at: iso(200) } as ToltCustomer;
    data.customers.push(customer, { ...base, id: `cust_${prefix}lead${i}`, email: `${prefix}lead${i}@example.com`, partner_id: id, customer_id: null, click_id: leadClickOf(i), status: 'lead', created_at: iso(190) } as ToltCustomer);
    const amount = 2500 + i;
    const transaction: ToltTransaction = { ...base, id: `txn_${prefix}${i}`, amount: amount * 4, customer_id: customer.id, partner_id: id, charge_id: `ch_${prefix}${i}`, created_at: iso(120) } as ToltTransaction;
    data.transactions.push(transaction);
    const status = states[i % 4];
    data.commissions.push({
      ...base,
      id: `comm_${prefix}${i}`,
      amount: i === 2 ? String(amount) : amount,
      revenue: amount * 4,
      status,
      currency: null,
      payout_id: status === 'paid' ? `po_${prefix}${i}` : null,
      customer_id: customer.id,
      transaction_id: transaction.id,
      created_at: iso(120),
      updated_at: iso(50, i),
    } as ToltCommission);
  }
  return { ...data, programId, customerOf, leadClickOf, tokenOf };
}
