import { toCsv } from '../../lib/csv';
import { minorToDecimal } from '../../model/money';
import type { AffiliateTableRow } from '../affiliates/list';
import type { CommissionTableRow } from '../commissions/list';
import type { ConversionTableRow } from '../conversions/list';

// Each list view as a CSV a spreadsheet opens: names, dates in ISO 8601 UTC, money in major units
// of the currency named beside it (exact: server/lib/money.ts).

const day = (d: Date) => d.toISOString();
const amount = (minor: number | null, currency: string | null) => (minor === null || !currency ? '' : minorToDecimal(minor, currency));

export const affiliatesCsv = (rows: AffiliateTableRow[], currency: string) =>
  toCsv(
    ['name', 'email', 'ref_code', 'status', 'campaign', 'joined', 'clicks', 'conversions', 'earnings', 'unpaid', 'currency'],
    rows.map((r) => [r.name, r.email, r.refCode, r.status, r.campaignName, day(r.createdAt), r.clicks, r.conversions, amount(r.earnings, currency), amount(r.unpaid, currency), currency.toUpperCase()]),
  );

export const conversionsCsv = (rows: ConversionTableRow[]) =>
  toCsv(
    ['when', 'order', 'type', 'status', 'amount', 'refunded', 'currency', 'affiliate', 'campaign', 'customer', 'commission', 'commission_currency'],
    rows.map((r) => [
      day(r.ts), r.externalId, r.type, r.status, amount(r.amount, r.currency), amount(r.refundedAmount, r.currency), r.currency.toUpperCase(),
      r.affiliateName, r.campaignName, r.customerId, amount(r.commission, r.commissionCurrency), r.commissionCurrency?.toUpperCase() ?? '',
    ]),
  );

export const commissionsCsv = (rows: CommissionTableRow[]) =>
  toCsv(
    ['created', 'affiliate', 'order', 'sale_amount', 'sale_currency', 'kind', 'status', 'amount', 'currency', 'payable_on', 'in_payout'],
    rows.map((r) => [
      day(r.createdAt), r.affiliateName, r.conversionExternalId, amount(r.conversionAmount, r.conversionCurrency), r.conversionCurrency?.toUpperCase() ?? '',
      r.kind, r.status, amount(r.amount, r.currency), r.currency.toUpperCase(), day(r.payableOn), r.payoutId ? 'yes' : 'no',
    ]),
  );
