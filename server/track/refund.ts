// POST /v1/track/refund: reverse a conversion, in full or in part, clawing back its commissions
import { recordRefund } from '../domain/conversions/refund';
import { refundInput, refundOutput } from './conversion.types';
import { trackRoute } from './route';

export const trackRefund = trackRoute({
  path: '/track/refund',
  summary: 'Refund a conversion by external_id (idempotent; amount is the total refunded so far)',
  errors: ['external_id_required', 'conversion_failed'],
  input: refundInput,
  output: refundOutput,
  checksKey: true,
  run: (ctx, i) => recordRefund({ ctx, underKey: ctx.underKey, input: { externalId: i.external_id, amount: i.amount, reason: i.reason } }),
});
