import { z } from 'zod';
import { recordId } from '../../contracts/common';

export const reissueInviteLinkInput = z.strictObject({ affiliate_id: recordId });
export const reissueInviteLinkOutput = z.object({ url: z.string() });
