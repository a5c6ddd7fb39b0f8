import { z } from 'zod';
import { recordId } from '../../contracts/common';

// Dashboard-only (no /v1 meta): names for the affiliate ids on one page of a list.
export const listAffiliateNamesInput = z.object({ ids: z.array(recordId).max(200) });
export const listAffiliateNamesOutput = z.object({ data: z.array(z.object({ id: z.string(), label: z.string() })) });
