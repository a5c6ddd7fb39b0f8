// POST /integrations/{provider}/{workspace} mounted in Next for `next dev` alone and serverless
// hosts; `npm start` answers it in the lean entry (server/http/serve.ts) before Next.
import { receiveFetch } from '@/server/integrations/http';
import { getServices } from '@/server/runtime/services';

export const dynamic = 'force-dynamic';

async function handle(request: Request) {
  return receiveFetch((await getServices()).database.db, request);
}

export { handle as POST, handle as GET };
