// GET /r/{ref_code}: referral redirect (server/browser/redirect.ts)
import { handleInNext } from '@/server/browser/next-mount';

export const dynamic = 'force-dynamic';
export { handleInNext as GET };
