import { z } from 'zod';
import { currencyCode } from '../../contracts/common';
import { MAX_REPORT_CURRENCIES } from '../../contracts/limits';
import { listOf } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const exportCurrenciesMeta = operation({
  method: 'GET',
  path: '/payouts/export-currencies',
  summary: 'The currencies of the pending payouts to export, with their count and total',
  description:
    'PayPal takes one currency per file: download GET /v1/payouts/export.csv?currency= once per currency listed here. Counts the pending payouts the file would hold (not those of affiliates paid through Stripe Connect); payouts of affiliates without any e-mail are counted but left out of the file.',
  tags: ['Payouts'],
  errors: [],
});

export const exportCurrenciesInput = z.object({});
export const exportCurrencyRecord = z
  .object({
    currency: currencyCode,
    payouts: z.number().int().describe('pending payouts in this currency'),
    amount: z.number().int().describe('their total, minor currency units'),
  })
  .meta({ id: 'PayoutExportCurrency' });
export const exportCurrenciesOutput = listOf(exportCurrencyRecord, MAX_REPORT_CURRENCIES);
