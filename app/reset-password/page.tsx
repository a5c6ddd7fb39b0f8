'use client';
import { useMutation } from '@tanstack/react-query';
import { signIn } from 'next-auth/react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { Suspense, type FormEvent } from 'react';
import { Providers, errorText, useTRPC } from '../_components/providers';
import { Button, inputCls } from '../_components/ui';

// The link of the reset e-mail: choose a new password, then straight into the dashboard. An
// expired link answers like a used one, so one message covers both and offers a new link.
function Reset() {
  const token = useSearchParams().get('token') ?? '';
  const trpc = useTRPC();
  const router = useRouter();
  const reset = useMutation(trpc.team.resetPassword.mutationOptions());
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const password = String(new FormData(e.currentTarget).get('password'));
    const r = await reset.mutateAsync({ token, password });
    const res = await signIn('credentials', { email: r.email, password, redirect: false });
    router.push(res?.ok ? '/dashboard' : '/login');
  }
  const gone = (reset.error as { data?: { api?: { error?: string } } } | null)?.data?.api?.error === 'link_not_found';
  return (
    <form onSubmit={(e) => void submit(e).catch(() => undefined)} className="w-full max-w-sm space-y-4 rounded-xl bg-white p-8 shadow">
      <h1 className="text-xl font-semibold">Choose a new password</h1>
      <label className="block text-sm">New password<input name="password" type="password" minLength={8} required autoComplete="new-password" className={inputCls} /></label>
      {reset.error && <p role="alert" className="text-sm text-red-700">{gone ? 'This link has expired, or was already used or replaced.' : errorText(reset.error)}</p>}
      {gone && <p className="text-sm"><Link href="/forgot-password" className="text-indigo-700 underline">E-mail me a new link</Link></p>}
      <Button className="w-full" disabled={!token || reset.isPending}>Set password and sign in</Button>
    </form>
  );
}

export default function ResetPasswordPage() {
  return (
    <Providers>
      <main className="flex min-h-screen items-center justify-center p-4">
        <Suspense>
          <Reset />
        </Suspense>
      </main>
    </Providers>
  );
}
