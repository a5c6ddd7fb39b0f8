import { z } from 'zod';
import { affiliateKeyRecord } from '../../contracts/affiliate';
import { recordId } from '../../contracts/common';

export const revokeKeyInput = z.strictObject({ id: recordId });
export const revokeKeyOutput = affiliateKeyRecord;
