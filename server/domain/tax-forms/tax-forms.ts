import { and, eq, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { affiliateTaxForms } from '@/db/schema';
import { presentTaxForm, type TaxFormInput } from '../../contracts/tax-form';
import { invalid, invalidState } from '../../errors/errors';
import { isUniqueViolation } from '../../lib/database-error';
import { sealSecret } from '../../integrations/secret-box';
import { addAuditEntry } from '../audit/audit-entries';
import type { ActingCtx, AffiliateCtx, WorkspaceCtx } from '../context';

// W-9 / W-8BEN forms (docs/paying-affiliates.md#tax-forms). The tax id is sealed before it
// reaches the database and leaves it unsealed only in the year-end export (tax-export.ts); every
// other read, the audit log and errors carry its last four at most.

export type TaxFormRow = typeof affiliateTaxForms.$inferSelect;

/** The additional data a sealed tax id is bound to: a row copied to another affiliate does not open. */
export const taxIdAad = (workspaceId: string, affiliateId: string) => `${workspaceId}:tax-id:${affiliateId}`;

const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * The checks a form must pass, in the order a person fixes them; the tax id is normalised (a
 * W-9's SSN or EIN to its 9 digits). Error messages never repeat the tax id.
 */
export function checkTaxForm(input: TaxFormInput, now: Date): { taxId: string } {
  if (input.kind === 'w9' && input.country !== 'US') throw invalid('kind', 'a W-9 is for US persons (country US); others give a W-8BEN');
  if (input.kind === 'w8ben' && input.country === 'US') throw invalid('kind', 'US persons give a W-9, not a W-8BEN');
  let taxId: string;
  if (input.kind === 'w9') {
    // An SSN (123-45-6789) or an EIN (12-3456789): nine digits either way.
    if (!/^(\d{3}-?\d{2}-?\d{4}|\d{2}-\d{7})$/.test(input.tax_id)) throw invalid('tax_id', 'a W-9 takes a 9-digit SSN or EIN');
    taxId = input.tax_id.replaceAll('-', '');
  } else {
    // Foreign tax ids have no one shape: letters, digits and the usual separators, at least 4.
    if (!/^[A-Za-z0-9][A-Za-z0-9 ./-]{2,38}[A-Za-z0-9]$/.test(input.tax_id)) throw invalid('tax_id', 'use 4-40 letters, digits, spaces, dots, dashes or slashes');
    taxId = input.tax_id;
  }
  if (input.signature_name.toLowerCase() !== input.legal_name.toLowerCase()) throw invalid('signature_name', 'sign with the legal name as written above');
  // "Today" where the affiliate signs: any time zone's today is within a day of UTC's.
  const today = now.getTime();
  if (![isoDay(today - DAY), isoDay(today), isoDay(today + DAY)].includes(input.signed_on)) throw invalid('signed_on', 'sign with today\'s date');
  return { taxId };
}

/** The last four letters or digits of a tax id, what reads show after ••••. */
export const lastFour = (taxId: string) => taxId.replace(/[^A-Za-z0-9]/g, '').slice(-4);

/**
 * The affiliate gives a form (portal). It becomes the current one; the previous form stays as
 * history, marked replaced, in the same transaction. Audited with the tax id masked.
 */
export async function submitTaxForm({ ctx, input, now = new Date() }: { ctx: ActingCtx & AffiliateCtx; input: TaxFormInput; now?: Date }) {
  const { taxId } = checkTaxForm(input, now);
  const id = uuidv7();
  try {
    return await ctx.db.transaction(async (tx) => {
    const current = and(eq(affiliateTaxForms.workspaceId, ctx.workspaceId), eq(affiliateTaxForms.affiliateId, ctx.affiliateId), isNull(affiliateTaxForms.replacedAt));
    const [before] = await tx.update(affiliateTaxForms).set({ replacedAt: now }).where(current).returning();
    const [row] = await tx
      .insert(affiliateTaxForms)
      .values({
        id,
        workspaceId: ctx.workspaceId,
        affiliateId: ctx.affiliateId,
        kind: input.kind,
        legalName: input.legal_name,
        country: input.country,
        taxIdSealed: sealSecret(taxId, taxIdAad(ctx.workspaceId, ctx.affiliateId)),
        taxIdLast4: lastFour(taxId),
        addressLine1: input.address_line1 ?? null,
        addressLine2: input.address_line2 ?? null,
        city: input.city ?? null,
        region: input.region ?? null,
        postalCode: input.postal_code ?? null,
        signatureName: input.signature_name,
        signedOn: input.signed_on,
        createdAt: now,
      })
      .returning();
    await addAuditEntry(tx, ctx, 'tax_form.submitted', { type: 'affiliate', id: ctx.affiliateId }, {
      ...(before ? { before: presentTaxForm(before) } : {}),
      after: presentTaxForm(row),
    });
    return row;
    });
  } catch (err) {
    // Two submissions at once: the current-form index lets one win; the other may simply retry.
    if (isUniqueViolation(err, 'affiliate_tax_forms_current_uq')) throw invalidState('another tax form was given at the same moment: send it again');
    throw err;
  }
}

/** The affiliate's current form, or null. */
export async function currentTaxForm({ ctx, affiliateId }: { ctx: WorkspaceCtx; affiliateId: string }): Promise<TaxFormRow | null> {
  const [row] = await ctx.db
    .select()
    .from(affiliateTaxForms)
    .where(and(eq(affiliateTaxForms.workspaceId, ctx.workspaceId), eq(affiliateTaxForms.affiliateId, affiliateId), isNull(affiliateTaxForms.replacedAt)));
  return row ?? null;
}
