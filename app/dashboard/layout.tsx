import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getServerSession } from 'next-auth';
import type { ReactNode } from 'react';
import { Providers } from '../_components/providers';
import { SignOut } from '../_components/sign-out';
import { authOptions } from '@/server/auth/next-auth';

export const dynamic = 'force-dynamic';

const NAV = [
  ['/dashboard/campaigns', 'Campaigns'],
  ['/docs', 'API docs'],
] as const;

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await getServerSession(authOptions);
  if (!session) redirect('/login?callbackUrl=/dashboard/campaigns');
  return (
    <Providers>
      <div className="flex min-h-screen flex-col md:flex-row">
        <nav aria-label="Main" className="flex gap-2 border-b bg-white p-3 md:w-56 md:flex-col md:border-r md:border-b-0">
          <span className="px-2 py-1 font-semibold text-indigo-700">Refcount</span>
          {NAV.map(([href, label]) => (
            <Link key={href} href={href} className="rounded px-2 py-1 text-sm hover:bg-slate-100 focus:outline-none focus:ring-2 focus:ring-indigo-400">
              {label}
            </Link>
          ))}
          <span className="mt-auto px-2 text-xs text-slate-500">{session.user?.email}</span>
          <SignOut />
        </nav>
        <main className="flex-1 p-4 md:p-8">{children}</main>
      </div>
    </Providers>
  );
}
