// POST /v1/track/lead and POST /v1/track/sale: attribute and record a conversion
import type { z } from 'zod';
import { recordConversion } from '../domain/conversions/record-conversion';
import { emailHasher } from '../domain/tracking/email-hash';
import { conversionOutput, leadInput, saleInput } from './conversion.types';
import { trackRoute, type TrackCtx } from './route';

const ERRORS = ['external_id_required', 'visitor_id_required'] as const;

// A lead keeps its e-mail as a salted hash, to link a payment provider's customer with that e-mail
// later (docs/integrations/stripe.md#customers-without-checkout); a sale's is not kept.
const run = (type: 'lead' | 'sale') => async (ctx: TrackCtx, i: z.output<typeof saleInput> | z.output<typeof leadInput>) =>
  recordConversion({
    ctx,
    underKey: ctx.underKey,
    input: {
      type, externalId: i.external_id, visitorId: i.visitor_id, fingerprint: i.fingerprint, ip: i.ip, userAgent: i.user_agent,
      ref: i.ref, manualCode: i.manual_code, customerId: i.customer_id, amount: i.amount, currency: i.currency,
      ...(type === 'sale' && { tax: (i as z.output<typeof saleInput>).tax, fee: (i as z.output<typeof saleInput>).fee }),
      productId: i.product_id, interval: i.interval, isTest: i.is_test, ts: i.ts ? new Date(i.ts) : null,
      emailHash: type === 'lead' && i.email ? (await emailHasher({ ctx }))(i.email) : null,
    },
  });

export const trackLead = trackRoute({
  path: '/track/lead',
  summary: 'Record a lead (idempotent on external_id)',
  errors: [...ERRORS],
  input: leadInput,
  output: conversionOutput,
  checksKey: true,
  run: run('lead'),
});

export const trackSale = trackRoute({
  path: '/track/sale',
  summary: 'Record a sale and compute its commission (idempotent on external_id)',
  errors: [...ERRORS, 'amount_required'],
  input: saleInput,
  output: conversionOutput,
  checksKey: true,
  run: run('sale'),
});
