import { describe, expect, it } from 'vitest';
import { affiliatesCsv, commissionsCsv, conversionsCsv } from './csv-exports';
import type { AffiliateTableRow } from '../affiliates/list';
import type { CommissionTableRow } from '../commissions/list';
import type { ConversionTableRow } from '../conversions/list';

// The same hostile values the PayPal file is tested with (server/routers/payouts/export-payouts.test.ts):
// each list export must keep them as text, through the one csvCell.
const HOSTILE = ['+14155550100', '-x', '=cmd|\' /C calc\'!A0', '@a', '\tx', '\rx'];
const at = new Date('2026-01-02T03:04:05.000Z');

// Only the fields the exports read; the rest of a row does not reach the file.
const affiliate = (v: string) =>
  ({
    ...{ name: v, email: v, refCode: v, status: 'active', campaignName: v, createdAt: at },
    ...{ clicks: 1, conversions: 1, earnings: 100, unpaid: 0 },
  }) as unknown as AffiliateTableRow;
const conversion = (v: string) =>
  ({
    ...{ ts: at, externalId: v, type: 'sale', status: 'approved', amount: 100, refundedAmount: 0, currency: 'usd' },
    ...{ affiliateName: v, campaignName: v, customerId: v, commission: 10, commissionCurrency: 'usd' },
  }) as unknown as ConversionTableRow;
const commission = (v: string) =>
  ({
    ...{ createdAt: at, affiliateName: v, conversionExternalId: v, conversionAmount: 100, conversionCurrency: 'usd' },
    ...{ kind: 'sale', status: 'approved', amount: 10, currency: 'usd', payableOn: at, payoutId: null },
  }) as unknown as CommissionTableRow;

/** The first data line's cells, unquoted (RFC 4180). */
const cells = (csv: string) =>
  [...csv.split('\r\n')[1].matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)]
    .slice(0, -1)
    .map((m) => m[1].replace(/^"(.*)"$/s, '$1').replaceAll('""', '"'));

describe('list CSV exports', () => {
  it.each(HOSTILE)('keep %j as text in every column people type into', (v) => {
    expect(cells(affiliatesCsv([affiliate(v)], 'usd')).slice(0, 3)).toEqual([`'${v}`, `'${v}`, `'${v}`]);
    const conv = cells(conversionsCsv([conversion(v)]));
    expect([conv[1], conv[7], conv[8], conv[9]]).toEqual([`'${v}`, `'${v}`, `'${v}`, `'${v}`]);
    const comm = cells(commissionsCsv([commission(v)]));
    expect([comm[1], comm[2]]).toEqual([`'${v}`, `'${v}`]);
  });
});
