import { z } from 'zod';
import { httpsUrl, one } from '../../contracts/common';
import { linkRecord, subId } from '../../contracts/link';

// Dashboard-only (portal): the signed-in affiliate makes one more link.
export const createLinkInput = z.strictObject({
  landing_page: httpsUrl.optional().describe("one of the campaign's landing pages; default its main one"),
  sub_id: subId.optional(),
});
export const createLinkOutput = one('link', linkRecord);
