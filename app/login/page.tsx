'use client';
import { signIn } from 'next-auth/react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { Suspense, useState, type FormEvent } from 'react';
import { SIGN_IN_LIMITED, SIGN_IN_LIMITED_TEXT } from '@/server/contracts/sign-in';

// callbackUrl comes from the address bar: '//evil.example' or '/\\evil.example' would leave the site.
function sameSiteOnly(target: string | null) {
  return target && /^\/(?![/\\])/.test(target) ? target : '/dashboard';
}

function LoginForm() {
  const router = useRouter();
  const next = sameSiteOnly(useSearchParams().get('callbackUrl'));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    const form = new FormData(e.currentTarget);
    const res = await signIn('credentials', { email: form.get('email'), password: form.get('password'), redirect: false });
    setBusy(false);
    if (res?.error === SIGN_IN_LIMITED) setError(SIGN_IN_LIMITED_TEXT);
    else if (res?.ok) router.push(next);
    else setError('E-mail or password is wrong.');
  }

  return (
    <form onSubmit={submit} className="w-full max-w-sm space-y-4 rounded-xl bg-white p-8 shadow">
      <h1 className="text-xl font-semibold">Sign in to Refcount</h1>
      <label className="block text-sm">
        E-mail
        <input name="email" type="email" required autoComplete="username" className="mt-1 w-full rounded border px-3 py-2" />
      </label>
      <label className="block text-sm">
        Password
        <input name="password" type="password" required autoComplete="current-password" className="mt-1 w-full rounded border px-3 py-2" />
      </label>
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      <button disabled={busy} className="w-full rounded bg-indigo-600 px-3 py-2 font-medium text-white hover:bg-indigo-700 focus:outline-none focus:ring-2 focus:ring-indigo-400 disabled:opacity-60">
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      <p className="text-center text-sm">
        Forgot your password? <Link href="/forgot-password" className="text-indigo-700 underline">Reset it</Link>
      </p>
    </form>
  );
}

export default function LoginPage() {
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <Suspense>
        <LoginForm />
      </Suspense>
    </main>
  );
}
