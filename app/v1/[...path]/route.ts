// /v1 mounted in Next for `next dev` alone and serverless hosts. In `npm start` the lean entry
// (server/http/serve.ts) answers /v1 before Next sees the request.
import { createFetchV1Handler } from '@/server/http/v1/handler';
import { getServices } from '@/server/runtime/services';

export const dynamic = 'force-dynamic';
let handler: ((req: Request) => Promise<Response>) | undefined;

async function handle(req: Request) {
  handler ??= createFetchV1Handler(await getServices());
  return handler(req);
}

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
