// GET /unsubscribe?t=…: the confirm button; POST: the one-click unsubscribe (server/browser/unsubscribe.ts)
import { unsubscribePage, unsubscribePost } from '@/server/browser/unsubscribe';
import { getServices } from '@/server/runtime/services';

export const dynamic = 'force-dynamic';

export const GET = (request: Request) => unsubscribePage(request);

export async function POST(request: Request) {
  const services = await getServices();
  return unsubscribePost(services.database.db, request);
}
