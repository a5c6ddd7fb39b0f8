'use client';
import Link from 'next/link';
import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { SIGN_IN_LIMITED, SIGN_IN_LIMITED_TEXT } from '@/server/contracts/sign-in';
import { Button, inputCls } from '../../_components/ui';

export default function PortalLoginPage() {
  const router = useRouter();
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
    <main className="flex min-h-screen items-center justify-center p-4">
      <form onSubmit={submit} className="w-full max-w-sm space-y-4 rounded-xl bg-white p-8 shadow">
        <h1 className="text-xl font-semibold">Affiliate portal</h1>
        <label className="block text-sm">E-mail<input name="email" type="email" required autoComplete="username" className={inputCls} /></label>
        <label className="block text-sm">Password<input name="password" type="password" required autoComplete="current-password" className={inputCls} /></label>
        {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
        <Button className="w-full" disabled={busy}>{busy ? 'Signing in…' : 'Sign in'}</Button>
        <p className="text-center text-sm">
          Forgot your password? <Link href="/portal/forgot" className="text-indigo-700 underline">E-mail me a link</Link>
        </p>
      </form>
    </main>
  );
}
