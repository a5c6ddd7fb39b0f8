import { z } from 'zod';
import { recordId } from '../../contracts/common';
import { linkKitBody } from '../../contracts/link-kit';

// Dashboard-only (no /v1 meta): the affiliate page's links card, as the affiliate sees it in the portal.
export const getLinkKitInput = z.object({ id: recordId });
export const getLinkKitOutput = linkKitBody;
