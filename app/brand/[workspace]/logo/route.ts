// GET /brand/{workspace public id}/logo: a program's https logo, served by this install
// (server/browser/program-logo.ts).
import { createLogoRoute } from '@/server/browser/program-logo';
import { getServices } from '@/server/runtime/services';

export const dynamic = 'force-dynamic';

// One route, and so one cache of fetched logos, per process.
let route: ReturnType<typeof createLogoRoute> | undefined;

export async function GET(_request: Request, { params }: { params: Promise<{ workspace: string }> }) {
  const services = await getServices();
  route ??= createLogoRoute({ db: services.database.db, allowPrivate: services.config.webhookAllowPrivateUrls });
  return route((await params).workspace);
}
