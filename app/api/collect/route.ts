// POST /api/collect: the snippet's visit collector (server/browser/collect.ts)
import { handleInNext } from '@/server/browser/next-mount';

export const dynamic = 'force-dynamic';
export { handleInNext as POST, handleInNext as OPTIONS };
