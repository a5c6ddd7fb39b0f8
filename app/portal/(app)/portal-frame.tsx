'use client';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { BrandTheme, ProgramMark } from '../../_components/brand';
import { useTRPC } from '../../_components/providers';
import { SignOut } from '../../_components/sign-out';
import { focus } from '../../_components/ui';

/** The portal's header in the program's name, logo and colour (settings), around every portal page. */
export function PortalFrame({ email, children }: { email: string | null | undefined; children: ReactNode }) {
  const trpc = useTRPC();
  const program = useQuery(trpc.portal.program.queryOptions({})).data?.data;
  return (
    <BrandTheme color={program?.brand_color} className="min-h-screen">
      <nav aria-label="Portal" className="flex flex-wrap items-center gap-2 border-b bg-white p-3">
        <ProgramMark name={program?.name ?? 'Partner portal'} logoUrl={program?.logo_url ?? null} />
        <Link href="/portal" className={`rounded px-2 py-1 text-sm hover:bg-slate-100 ${focus}`}>Earnings</Link>
        <Link href="/portal/bounties" className={`rounded px-2 py-1 text-sm hover:bg-slate-100 ${focus}`}>Bounties</Link>
        <Link href="/portal/tax" className={`rounded px-2 py-1 text-sm hover:bg-slate-100 ${focus}`}>Tax form</Link>
        <Link href="/portal/developer" className={`rounded px-2 py-1 text-sm hover:bg-slate-100 ${focus}`}>Developer</Link>
        <span className="ml-auto truncate text-xs text-slate-500">{email}</span>
        <SignOut callbackUrl="/portal/login" />
      </nav>
      <main className="mx-auto max-w-5xl p-4 md:p-8">{children}</main>
    </BrandTheme>
  );
}
