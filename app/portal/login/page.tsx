'use client';
import Link from 'next/link';
import { signIn } from 'next-auth/react';
import { useQuery } from '@tanstack/react-query';
import { useRouter, useSearchParams } from 'next/navigation';
import { Suspense, useState, type FormEvent } from 'react';
import { SIGN_IN_LIMITED, SIGN_IN_LIMITED_TEXT } from '@/server/contracts/sign-in';
import { BrandTheme, ProgramMark } from '../../_components/brand';
import { useTRPC } from '../../_components/providers';
import { Button, inputCls } from '../../_components/ui';

function PortalLogin() {
  const router = useRouter();
  // /portal/login?program={join key}: the program's name, logo and colour (links from its join page and e-mails)
  const key = useSearchParams().get('program');
  const trpc = useTRPC();
  const program = useQuery({ ...trpc.join.program.queryOptions({ program: key ?? '' }), enabled: !!key, retry: false }).data?.data;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    const f = new FormData(e.currentTarget);
    const res = await signIn('affiliate', { email: f.get('email'), password: f.get('password'), redirect: false });
    setBusy(false);
    if (res?.error === SIGN_IN_LIMITED) setError(SIGN_IN_LIMITED_TEXT);
    else if (res?.ok) router.push('/portal');
    else setError('E-mail or password is wrong, or your account is not active.');
  }
  return (
    <BrandTheme color={program?.brand_color ?? null}>
      <main className="flex min-h-screen items-center justify-center p-4">
      <form onSubmit={submit} className="w-full max-w-sm space-y-4 rounded-xl bg-white p-8 shadow">
        {program && <ProgramMark name={program.name} logoUrl={program.logo_url} />}
        <h1 className="text-xl font-semibold">{program ? `${program.name} partner portal` : 'Affiliate portal'}</h1>
        <label className="block text-sm">E-mail<input name="email" type="email" required autoComplete="username" className={inputCls} /></label>
        <label className="block text-sm">Password<input name="password" type="password" required autoComplete="current-password" className={inputCls} /></label>
        {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
        <Button className="w-full" disabled={busy}>{busy ? 'Signing in…' : 'Sign in'}</Button>
        <p className="text-center text-sm">
          Forgot your password? <Link href="/portal/forgot" className="text-indigo-700 underline">E-mail me a link</Link>
        </p>
      </form>
      </main>
    </BrandTheme>
  );
}

// useSearchParams needs a boundary: the page is rendered once the query string is known.
export default function PortalLoginPage() {
  return (
    <Suspense>
      <PortalLogin />
    </Suspense>
  );
}
