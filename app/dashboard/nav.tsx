'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { SignOut } from '../_components/sign-out';
import { focus } from '../_components/ui';

const NAV = [
  ['/dashboard', 'Overview'],
  ['/dashboard/reports', 'Reports'],
  ['/dashboard/campaigns', 'Campaigns'],
  ['/dashboard/affiliates', 'Affiliates'],
  ['/dashboard/groups', 'Groups'],
  ['/dashboard/conversions', 'Conversions'],
  ['/dashboard/commissions', 'Commissions'],
  ['/dashboard/payouts', 'Payouts'],
  ['/dashboard/bounties', 'Bounties'],
  ['/dashboard/risk', 'Risk'],
  ['/dashboard/move-rules', 'Move rules'],
  ['/dashboard/products', 'Products'],
  ['/dashboard/rewards', 'Rewards'],
  ['/dashboard/integrations', 'Integrations'],
  ['/dashboard/import', 'Import'],
  ['/dashboard/emails', 'E-mails'],
  ['/dashboard/webhooks', 'Webhooks'],
  ['/dashboard/settings', 'Settings'],
  ['/dashboard/activity', 'Activity'],
  ['/docs', 'API docs'],
] as const;

// The overview is only "current" on itself; every other section also owns its detail pages.
const isCurrent = (path: string, href: string) => (href === '/dashboard' ? path === href : path === href || path.startsWith(`${href}/`));

/** Sidebar from 768 px; on a phone the thirteen links fold behind a Menu button so the page starts at the top. */
export function DashboardNav({ email }: { email: string | null | undefined }) {
  const path = usePathname();
  const [open, setOpen] = useState(false);
  // A tap on a link navigates: close the menu so the new page is what the user sees.
  useEffect(() => setOpen(false), [path]);
  return (
    <nav aria-label="Main" className="border-b bg-white p-3 md:w-56 md:border-r md:border-b-0">
      <div className="flex items-center justify-between">
        <span className="px-2 py-1 font-semibold text-indigo-700">Refcount</span>
        <button type="button" aria-expanded={open} aria-controls="main-nav-links" onClick={() => setOpen((o) => !o)} className={`rounded border px-3 py-1 text-sm md:hidden ${focus}`}>
          Menu
        </button>
      </div>
      <div id="main-nav-links" className={`${open ? 'flex' : 'hidden'} mt-2 flex-col gap-1 md:flex`}>
        {NAV.map(([href, label]) => {
          const current = isCurrent(path, href);
          return (
            <Link key={href} href={href} aria-current={current ? 'page' : undefined} className={`rounded px-2 py-1 text-sm hover:bg-slate-100 ${current ? 'bg-indigo-50 font-medium text-indigo-800' : ''} ${focus}`}>
              {label}
            </Link>
          );
        })}
        <span className="mt-4 truncate px-2 text-xs text-slate-500">{email}</span>
        <SignOut />
      </div>
    </nav>
  );
}
