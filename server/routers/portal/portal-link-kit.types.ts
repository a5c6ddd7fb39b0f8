import { z } from 'zod';
import { httpsUrl } from '../../contracts/common';
import { linkKitBody } from '../../contracts/link-kit';
import { linkRecord, subId } from '../../contracts/link';
import { one } from '../../contracts/common';

// Dashboard-only (portal): the signed-in affiliate's links, and making one more.
export const portalLinkKitInput = z.object({}).optional();
export const portalLinkKitOutput = linkKitBody;

export const portalCreateLinkInput = z.strictObject({
  landing_page: httpsUrl.optional().describe("one of the campaign's landing pages; default its main one"),
  sub_id: subId.optional(),
});
export const portalCreateLinkOutput = one('link', linkRecord);
