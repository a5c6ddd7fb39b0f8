import { z } from 'zod';
import { currency, currencyCode, one, recordId, text, uuid } from '../../contracts/common';
import { revenueBasis } from '../../contracts/attribution';
import { providerProductId } from '../../contracts/product';
import { ruleKind } from '../../contracts/rule';
import { operation } from '../../trpc/meta';
import { BILLING_INTERVALS } from '../../model/enums';

export const previewCommissionRuleMeta = operation({
  method: 'POST',
  path: '/campaigns/{id}/commission-rule/preview',
  summary: 'What a sale would earn under the campaign\'s commission rules (writes nothing)',
  description:
    'An extension of the spec. Needs only read access: it computes, it changes nothing (POST because the sale ' +
    'is described in a body). Runs the commission engine itself on the described sale: the product catalog ' +
    'policy (a product that is not commissionable earns nothing; a product redirected to another campaign earns ' +
    'that campaign\'s rate), then the rule by precedence (product, interval, default), then the rule\'s length. ' +
    '`period_index` counts billing periods since the customer\'s first attributed payment (months; years when ' +
    '`interval` is year). A tracked sale with the same facts creates a commission of exactly this amount.',
  tags: ['Campaigns'],
  errors: ['amount_required', 'link_not_found'],
});

const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const previewCommissionRuleInput = z.strictObject({
  id: recordId,
  amount: minor.describe('sale amount, minor currency units'),
  tax: minor.optional().describe('tax included in amount, 0 to amount, as /v1/track/sale takes it; omit: not reported'),
  fee: minor.optional().describe("the payment provider's fee, 0 to amount; omit: not reported"),
  currency: currency.optional().describe('the sale currency; default usd, as on /v1/track/sale'),
  product_id: providerProductId.optional().describe("the payment provider's product id"),
  interval: z.enum(BILLING_INTERVALS).optional().describe('billing interval of the sale'),
  period_index: z.number().int().min(0).max(1200).optional().describe('0 (default) for the customer\'s first payment, then 1, 2, …'),
})
  .refine((s) => s.tax === undefined || s.tax <= s.amount, { path: ['tax'], message: 'tax is at most the amount' })
  .refine((s) => s.fee === undefined || s.fee <= s.amount, { path: ['fee'], message: 'fee is at most the amount' });

export const commissionPreviewRecord = z
  .object({
    rule_id: uuid.nullable().describe('the rule the sale earns by, null when none applies'),
    rule_kind: ruleKind.nullable(),
    rule_name: text(200).nullable(),
    rate_campaign_id: uuid.nullable().describe('the campaign whose rules apply: another one when the product is redirected'),
    amount: z.number().int().describe('commission, minor currency units; 0 when nothing is earned'),
    currency: currencyCode,
    reason_code: text(64).describe(
      'rule, no_rule, product_not_commissionable, unmapped_product, one_time_rule_after_first_payment or limited_rule_expired',
    ),
    reason: text(500).describe('the same, in words'),
    revenue_basis: revenueBasis.nullable().describe("what a percent rule applies to under the campaign's commission_basis; null for a flat rule or none"),
  })
  .meta({ id: 'CommissionPreview' });

export const previewCommissionRuleOutput = one('commission_preview', commissionPreviewRecord);
