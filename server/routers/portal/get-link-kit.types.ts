import { z } from 'zod';
import { linkKitBody } from '../../contracts/link-kit';

// Dashboard-only (portal): the signed-in affiliate's default link and its own links.
export const getLinkKitInput = z.object({}).optional();
export const getLinkKitOutput = linkKitBody;
