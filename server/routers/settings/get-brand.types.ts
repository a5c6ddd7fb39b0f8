import { z } from 'zod';
import { programBrandRecord } from '../../contracts/program-brand';

// Dashboard-only (no /v1 meta): the branding form's preview.
export const getBrandInput = z.object({}).optional();
export const getBrandOutput = z.object({ data: programBrandRecord });
