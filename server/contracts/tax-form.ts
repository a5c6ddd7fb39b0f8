import { z } from 'zod';
import { one, text, timestamp } from './common';
import { TAX_FORM_KINDS } from '../model/enums';

// A tax form as the affiliate gives it (portal) and as anyone reads it afterwards: the tax id
// goes in once and comes back only as its last four characters (docs/paying-affiliates.md#tax-forms).

const line = (max: number) => z.string().trim().min(1).max(max);

export const taxFormInput = z.strictObject({
  kind: z.enum(TAX_FORM_KINDS).describe('w9 for US persons (country US), w8ben for everyone else'),
  legal_name: line(200).describe('the name on the tax return'),
  country: z
    .string()
    .trim()
    .length(2)
    .regex(/^[A-Za-z]{2}$/, 'an ISO 3166-1 alpha-2 country code, e.g. US or DE')
    .transform((c) => c.toUpperCase()),
  tax_id: line(40).describe('w9: the 9-digit SSN or EIN (dashes allowed); w8ben: the foreign tax id'),
  address_line1: line(200).optional(),
  address_line2: line(200).optional(),
  city: line(100).optional(),
  region: line(100).optional().describe('state or province'),
  postal_code: line(20).optional(),
  signature_name: line(200).describe('the legal name typed again as the signature'),
  signed_on: z.iso.date().describe('today (YYYY-MM-DD)'),
});
export type TaxFormInput = z.output<typeof taxFormInput>;

export const taxFormRecord = z
  .object({
    id: text(64),
    affiliate_id: text(64),
    kind: z.enum(TAX_FORM_KINDS),
    legal_name: text(200),
    country: text(2),
    tax_id_masked: text(8).describe('•••• and the last four characters of the tax id'),
    address_line1: text(200).nullable(),
    address_line2: text(200).nullable(),
    city: text(100).nullable(),
    region: text(100).nullable(),
    postal_code: text(20).nullable(),
    signature_name: text(200),
    signed_on: text(10),
    created_at: timestamp,
  })
  .meta({ id: 'TaxForm' });

export const taxFormBody = one('tax_form', taxFormRecord.nullable());

type Row = {
  id: string;
  affiliateId: string;
  kind: (typeof TAX_FORM_KINDS)[number];
  legalName: string;
  country: string;
  taxIdLast4: string;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  signatureName: string;
  signedOn: string;
  createdAt: Date;
};

/** The form as every read shows it: never the sealed tax id, only its last four. */
export const presentTaxForm = (row: Row): z.output<typeof taxFormRecord> => ({
  id: row.id,
  affiliate_id: row.affiliateId,
  kind: row.kind,
  legal_name: row.legalName,
  country: row.country,
  tax_id_masked: `••••${row.taxIdLast4}`,
  address_line1: row.addressLine1,
  address_line2: row.addressLine2,
  city: row.city,
  region: row.region,
  postal_code: row.postalCode,
  signature_name: row.signatureName,
  signed_on: row.signedOn,
  created_at: row.createdAt.toISOString(),
});
