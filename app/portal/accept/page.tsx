'use client';
import { useMutation } from '@tanstack/react-query';
import { signIn } from 'next-auth/react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { Suspense, type FormEvent } from 'react';
import { errorText, useTRPC } from '../../_components/providers';
import { Button, inputCls } from '../../_components/ui';

// The link of the invitation e-mail and of "e-mail me a sign-in link": choose a password (a first one, or
// a new one replacing the old), then straight into the portal. An expired link answers like a used
// one (the server does not say which), so one message covers both and offers /portal/forgot.
function Accept() {
  const token = useSearchParams().get('token') ?? '';
  const trpc = useTRPC();
  const router = useRouter();
  const accept = useMutation(trpc.portal.acceptInvite.mutationOptions());
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const password = String(new FormData(e.currentTarget).get('password'));
    const r = await accept.mutateAsync({ token, password });
    const res = await signIn('affiliate', { email: r.email, password, redirect: false });
    router.push(res?.ok ? '/portal' : '/portal/login');
  }
  const notFound = (accept.error as { data?: { api?: { error?: string } } } | null)?.data?.api?.error === 'link_not_found';
  return (
    <form onSubmit={(e) => void submit(e).catch(() => undefined)} className="w-full max-w-sm space-y-4 rounded-xl bg-white p-8 shadow">
      <h1 className="text-xl font-semibold">Choose your portal password</h1>
      <p className="text-sm text-slate-600">New here? This sets your first password. Already have one? This one replaces it.</p>
      <label className="block text-sm">New password<input name="password" type="password" minLength={8} required autoComplete="new-password" className={inputCls} /></label>
      {accept.error && (
        <p role="alert" className="text-sm text-red-700">
          {notFound ? 'This link has expired, or was already used or replaced. Sign in, or ask for a new link.' : errorText(accept.error)}
        </p>
      )}
      {notFound && <p className="text-sm"><Link href="/portal/forgot" className="text-indigo-700 underline">E-mail me a new link</Link></p>}
      <Button className="w-full" disabled={!token || accept.isPending}>Set password and continue</Button>
    </form>
  );
}

export default function AcceptPage() {
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <Suspense>
        <Accept />
      </Suspense>
    </main>
  );
}
