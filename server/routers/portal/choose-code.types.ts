import { z } from 'zod';
import { affiliateCodeRecord, codeText } from '../../contracts/affiliate-code';
import { one, recordId } from '../../contracts/common';

// Dashboard-only (portal): the signed-in affiliate chooses a code of its own, or renames one
// (`replaces`: the old code is deactivated and the new one made, docs/codes.md#in-the-portal).
export const chooseCodeInput = z.strictObject({
  code: codeText,
  replaces: recordId.optional().describe('one of its active codes, to rename'),
});
export const chooseCodeOutput = one('affiliate_code', affiliateCodeRecord);
