import { z } from 'zod';
import { taxFormBody } from '../../contracts/tax-form';

export const getTaxFormInput = z.object({}).optional();
export const getTaxFormOutput = taxFormBody;
