import { z } from 'zod';
import { affiliateKeyWithToken } from '../../contracts/affiliate';
import { name } from '../../contracts/common';

export const createKeyInput = z.strictObject({ name: name.optional() });
export const createKeyOutput = affiliateKeyWithToken;
