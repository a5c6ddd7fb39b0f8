import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getServerSession } from 'next-auth';
import type { ReactNode } from 'react';
import { SignOut } from '../../_components/sign-out';
import { authOptions } from '@/server/auth/next-auth';

export default async function PortalAppLayout({ children }: { children: ReactNode }) {
  const session = await getServerSession(authOptions);
  if (!(session?.user as { affiliateId?: string } | undefined)?.affiliateId) redirect('/portal/login');
  return (
    <div className="min-h-screen">
      <nav aria-label="Portal" className="flex flex-wrap items-center gap-2 border-b bg-white p-3">
        <span className="px-2 font-semibold text-indigo-700">Refcount partners</span>
        <Link href="/portal" className="rounded px-2 py-1 text-sm hover:bg-slate-100 focus:outline-none focus:ring-2 focus:ring-indigo-400">Earnings</Link>
        <Link href="/portal/developer" className="rounded px-2 py-1 text-sm hover:bg-slate-100 focus:outline-none focus:ring-2 focus:ring-indigo-400">Developer</Link>
        <span className="ml-auto text-xs text-slate-500">{session?.user?.email}</span>
        <SignOut callbackUrl="/portal/login" />
      </nav>
      <main className="mx-auto max-w-5xl p-4 md:p-8">{children}</main>
    </div>
  );
}
