import { z } from 'zod';
import { one, recordId } from '../../contracts/common';
import { conversionDetailRecord } from '../../contracts/conversion';
import { operation } from '../../trpc/meta';

export const getConversionMeta = operation({
  method: 'GET',
  path: '/conversions/{id}',
  summary: 'Get a conversion',
  tags: ['Resources'],
  errors: ['link_not_found'],
});

export const getConversionInput = z.object({ id: recordId });
export const getConversionOutput = one('conversion', conversionDetailRecord);
