import { z } from 'zod';
import { programBrandRecord } from '../../contracts/program-brand';

// Dashboard-only (portal): the program's name, logo and colour for the portal's header.
export const getProgramInput = z.object({}).optional();
export const getProgramOutput = z.object({ data: programBrandRecord });
