import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getServerSession } from 'next-auth';
import type { ReactNode } from 'react';
import { Providers } from '../_components/providers';
import { SignOut } from '../_components/sign-out';
import { authOptions } from '@/server/auth/next-auth';

export const dynamic = 'force-dynamic';

const NAV = [
  ['/dashboard', 'Overview'],
  ['/dashboard/campaigns', 'Campaigns'],
  ['/dashboard/affiliates', 'Affiliates'],
  ['/dashboard/conversions', 'Conversions'],
  ['/dashboard/commissions', 'Commissions'],
  ['/dashboard/payouts', 'Payouts'],
  ['/dashboard/risk', 'Risk'],
  ['/dashboard/products', 'Products'],
  ['/dashboard/rewards', 'Rewards'],
  ['/dashboard/webhooks', 'Webhooks'],
  ['/dashboard/settings', 'Settings'],
  ['/docs', 'API docs'],
] as const;

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await getServerSession(authOptions);
  // A portal (affiliate) session carries no user id: it does not open the dashboard.
  if (!(session?.user as { id?: string } | undefined)?.id) redirect('/login?callbackUrl=/dashboard/campaigns');
  return (
    <Providers>
      <div className="flex min-h-screen flex-col md:flex-row">
        <nav aria-label="Main" className="flex flex-wrap gap-1 border-b bg-white p-3 md:w-56 md:flex-nowrap md:flex-col md:border-r md:border-b-0">
          <span className="px-2 py-1 font-semibold text-indigo-700">Refcount</span>
          {NAV.map(([href, label]) => (
            <Link key={href} href={href} className="rounded px-2 py-1 text-sm hover:bg-slate-100 focus:outline-none focus:ring-2 focus:ring-indigo-400">
              {label}
            </Link>
          ))}
          <span className="mt-auto px-2 text-xs text-slate-500">{session?.user?.email}</span>
          <SignOut />
        </nav>
        <main className="min-w-0 flex-1 p-4 md:p-8">{children}</main>
      </div>
    </Providers>
  );
}
