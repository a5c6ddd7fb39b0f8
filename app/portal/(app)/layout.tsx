import { redirect } from 'next/navigation';
import { getServerSession } from 'next-auth';
import type { ReactNode } from 'react';
import { authOptions } from '@/server/auth/next-auth';
import { portalSession, portalSessionCurrent, type SessionUser } from '@/server/auth/sessions';
import { getServices } from '@/server/runtime/services';
import { PortalFrame } from './portal-frame';

export default async function PortalAppLayout({ children }: { children: ReactNode }) {
  const session = await getServerSession(authOptions);
  // Not for a manager's session, nor one that has ended (sign-out elsewhere, suspension, new password).
  const affiliate = portalSession(session?.user as SessionUser);
  if (!affiliate || !(await portalSessionCurrent((await getServices()).database.db, affiliate))) redirect('/portal/login');
  return <PortalFrame email={session?.user?.email}>{children}</PortalFrame>;
}
