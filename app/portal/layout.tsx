import type { ReactNode } from 'react';
import { Providers } from '../_components/providers';

export const dynamic = 'force-dynamic';

// Portal pages talk to the portal's own tRPC endpoint, which attaches the signed-in affiliate.
export default function PortalLayout({ children }: { children: ReactNode }) {
  return <Providers url="/portal/api/trpc">{children}</Providers>;
}
