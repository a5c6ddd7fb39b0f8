import { z } from 'zod';
import { one, recordId, referenceId } from '../../contracts/common';
import { conversionDetailRecord, conversionStatusQuery } from '../../contracts/conversion';
import { operation } from '../../trpc/meta';

export const updateConversionMeta = operation({
  method: 'PATCH',
  path: '/conversions/{id}',
  summary: 'Re-attribute a conversion or change its status (reversal states claw back commissions)',
  tags: ['Conversions'],
  errors: ['link_not_found', 'unknown_resource'],
});

export const updateConversionInput = z.strictObject({
  id: recordId,
  affiliate_id: referenceId.optional(),
  status: conversionStatusQuery.optional().describe('voided is deprecated and stored as reversed'),
});

export const updateConversionOutput = one('conversion', conversionDetailRecord);
