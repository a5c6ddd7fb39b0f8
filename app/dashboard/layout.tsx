import { redirect } from 'next/navigation';
import { getServerSession } from 'next-auth';
import { Suspense, type ReactNode } from 'react';
import { Providers } from '../_components/providers';
import { authOptions } from '@/server/auth/next-auth';
import { userSession, userSessionCurrent, type SessionUser } from '@/server/auth/sessions';
import { getServices } from '@/server/runtime/services';
import { DashboardNav } from './nav';

export const dynamic = 'force-dynamic';

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await getServerSession(authOptions);
  // A portal (affiliate) session carries no user id: it does not open the dashboard; nor does
  // a session that has ended (sign-out elsewhere, new password, role change).
  const user = userSession(session?.user as SessionUser);
  if (!user || !(await userSessionCurrent((await getServices()).database.db, user))) redirect('/login?callbackUrl=/dashboard');
  return (
    <Providers>
      <div className="flex min-h-screen flex-col md:flex-row">
        <DashboardNav email={session?.user?.email} />
        {/* Every list keeps its filters in the URL (useSearchParams): one boundary for all of them. */}
        <main className="min-w-0 flex-1 p-4 md:p-8">
          <Suspense>{children}</Suspense>
        </main>
      </div>
    </Providers>
  );
}
