import { z } from 'zod';
import { attributionRecord } from '../../contracts/attribution';
import { one, recordId } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const getConversionAttributionMeta = operation({
  method: 'GET',
  path: '/conversions/{id}/attribution',
  summary: 'Explain how a conversion was attributed: candidate touches, method, rule and commission',
  tags: ['Resources'],
  errors: ['link_not_found'],
});

export const getConversionAttributionInput = z.object({ id: recordId });
export const getConversionAttributionOutput = one('attribution', attributionRecord);
