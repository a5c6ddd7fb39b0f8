import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { affiliateTaxForms, payouts } from '@/db/schema';
import { MAX_TAX_EXPORT_PAYEES } from '../../contracts/limits';
import { toCsv } from '../../lib/csv';
import { minorToDecimal } from '../../model/money';
import { openSecret } from '../../integrations/secret-box';
import type { WorkspaceCtx } from '../context';
import { readSettings } from '../settings/settings';
import { utcYear } from './tax-gate';
import { taxIdAad } from './tax-forms';

// GET /v1/payouts/tax-export.csv (docs/paying-affiliates.md#tax-forms): the one place a tax id
// is unsealed. One line per US payee (current form a W-9) whose payouts paid in `year` (UTC, by
// paid_at, in the workspace currency) sum above the workspace's tax_form_threshold, in the
// columns 1099-NEC filing services import. Cells go through server/lib/csv.ts like every export.

export const TAX_EXPORT_HEADER = [
  'Recipient Name',
  'Recipient TIN',
  'Address Line 1',
  'Address Line 2',
  'City',
  'State',
  'ZIP',
  'Country',
  'Box 1 Nonemployee Compensation',
  'Tax Year',
  'Account Number',
];

export async function taxExportCsv({ ctx, year }: { ctx: WorkspaceCtx; year: number }): Promise<string> {
  const settings = await readSettings(ctx);
  const { from, to } = utcYear(year);
  const total = sql<string>`sum(${payouts.amount})::text`;
  const rows = await ctx.db
    .select({
      affiliateId: affiliateTaxForms.affiliateId,
      legalName: affiliateTaxForms.legalName,
      taxIdSealed: affiliateTaxForms.taxIdSealed,
      addressLine1: affiliateTaxForms.addressLine1,
      addressLine2: affiliateTaxForms.addressLine2,
      city: affiliateTaxForms.city,
      region: affiliateTaxForms.region,
      postalCode: affiliateTaxForms.postalCode,
      country: affiliateTaxForms.country,
      total,
    })
    .from(payouts)
    .innerJoin(
      affiliateTaxForms,
      and(
        eq(affiliateTaxForms.workspaceId, payouts.workspaceId),
        eq(affiliateTaxForms.affiliateId, payouts.affiliateId),
        isNull(affiliateTaxForms.replacedAt),
      ),
    )
    .where(
      and(
        eq(payouts.workspaceId, ctx.workspaceId),
        eq(payouts.status, 'paid'),
        eq(payouts.currency, settings.currency),
        gte(payouts.paidAt, from),
        lt(payouts.paidAt, to),
        eq(affiliateTaxForms.kind, 'w9'),
      ),
    )
    .groupBy(affiliateTaxForms.id)
    .having(sql`sum(${payouts.amount}) > ${settings.taxFormThreshold}`)
    .orderBy(asc(affiliateTaxForms.legalName), asc(affiliateTaxForms.affiliateId))
    .limit(MAX_TAX_EXPORT_PAYEES);
  return toCsv(
    TAX_EXPORT_HEADER,
    rows.map((r) => [
      r.legalName,
      openSecret(r.taxIdSealed, taxIdAad(ctx.workspaceId, r.affiliateId)),
      r.addressLine1,
      r.addressLine2,
      r.city,
      r.region,
      r.postalCode,
      r.country,
      minorToDecimal(Number(r.total), settings.currency),
      year,
      r.affiliateId,
    ]),
  );
}
