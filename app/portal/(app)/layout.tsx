import { redirect } from 'next/navigation';
import { getServerSession } from 'next-auth';
import type { ReactNode } from 'react';
import { authOptions } from '@/server/auth/next-auth';
import { PortalFrame } from './portal-frame';

export default async function PortalAppLayout({ children }: { children: ReactNode }) {
  const session = await getServerSession(authOptions);
  if (!(session?.user as { affiliateId?: string } | undefined)?.affiliateId) redirect('/portal/login');
  return <PortalFrame email={session?.user?.email}>{children}</PortalFrame>;
}
