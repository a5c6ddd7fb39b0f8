// GET /refcount.js: the tracking snippet (server/browser/snippet.ts)
import { handleInNext } from '@/server/browser/next-mount';

export const dynamic = 'force-dynamic';
export { handleInNext as GET };
