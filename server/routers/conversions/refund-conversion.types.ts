import { one, recordId } from '../../contracts/common';
import { conversionDetailRecord } from '../../contracts/conversion';
import { refundInput } from '../../track/conversion.types';
import { operation } from '../../trpc/meta';

export const refundConversionMeta = operation({
  method: 'POST',
  path: '/conversions/{id}/refund',
  summary: 'Refund a conversion by id, in full or in part, clawing back its commissions',
  description:
    'Extension of the spec: the body of POST /v1/track/refund ({ amount?, reason? }, amount being the total refunded so far) ' +
    'applied to the conversion addressed by id instead of by external_id, with the same refund rule. A total at or below what ' +
    'is already refunded changes nothing. An amount above the sale, or a lead, is 422 conversion_failed and changes nothing.',
  tags: ['Conversions'],
  errors: ['link_not_found', 'conversion_failed'],
});

// The tracking body without external_id: the conversion is named by the path.
export const refundConversionInput = refundInput.omit({ external_id: true }).extend({ id: recordId });
export const refundConversionOutput = one('conversion', conversionDetailRecord);
