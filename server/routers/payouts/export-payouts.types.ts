import { z } from 'zod';
import { currency } from '../../contracts/common';
import { MAX_CSV_LINE, MAX_CSV_PAYOUTS } from '../../contracts/limits';
import { operation } from '../../trpc/meta';

export const exportPayoutsMeta = operation({
  method: 'GET',
  path: '/payouts/export.csv',
  summary: 'The pending payouts as a PayPal Payouts CSV file (text/csv)',
  description:
    'No header row. Each line: recipient (payout_email, else email), amount in major units, currency (upper case), empty customer id, note "Refcount payout <id>", wallet PAYPAL. PayPal takes one currency per file: filter with currency. Payouts of affiliates without any e-mail are left out. At most 15,000 lines (the oldest pending payouts; PayPal takes up to 15,000 per file): mark them paid, then export the rest.',
  tags: ['Payouts'],
  errors: [],
});

export const exportPayoutsInput = z.object({ currency: currency.optional() });
export const exportPayoutsOutput = z.string().max(MAX_CSV_PAYOUTS * MAX_CSV_LINE).describe('text/csv');
