import { z } from 'zod';
import { programForAffiliateRecord } from '../../contracts/program-brand';

// Dashboard-only (portal): the program's name, logo and colour for the portal's header, and the affiliate's deal in words.
export const getProgramInput = z.object({}).optional();
export const getProgramOutput = z.object({ data: programForAffiliateRecord });
