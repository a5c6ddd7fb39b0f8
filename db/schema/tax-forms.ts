import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, workspaceRef } from './columns';
import { TAX_FORM_KINDS } from '../../server/model/enums';

// Tax forms affiliates give in the portal (docs/paying-affiliates.md#tax-forms): a W-9 (US
// persons) or a W-8BEN (others). One current form per affiliate; a new one replaces it and the
// old row stays, marked replaced, as the record of what was certified when. The tax id is stored
// only sealed (server/integrations/secret-box.ts) with its last four characters for display.
export const affiliateTaxForms = pgTable(
  'affiliate_tax_forms',
  {
    id: id(),
    workspaceId: workspaceRef(),
    affiliateId: uuid('affiliate_id').notNull(),
    kind: text('kind', { enum: TAX_FORM_KINDS }).notNull(),
    legalName: text('legal_name').notNull(),
    // ISO 3166-1 alpha-2, upper case
    country: text('country').notNull(),
    taxIdSealed: text('tax_id_sealed').notNull(),
    taxIdLast4: text('tax_id_last4').notNull(),
    // the mailing address a 1099-NEC needs (optional for a W-8BEN)
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    region: text('region'),
    postalCode: text('postal_code'),
    signatureName: text('signature_name').notNull(),
    signedOn: date('signed_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    // set when a newer form replaced this one
    replacedAt: ts('replaced_at'),
  },
  (t) => [
    // the affiliate's current form (portal, manager read, payout gate, year-end export)
    uniqueIndex('affiliate_tax_forms_current_uq').on(t.workspaceId, t.affiliateId).where(sql`${t.replacedAt} is null`),
    index('affiliate_tax_forms_affiliate_idx').on(t.workspaceId, t.affiliateId, t.createdAt),
  ],
);
