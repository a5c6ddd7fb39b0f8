'use client';
import { useMutation, useQuery } from '@tanstack/react-query';
import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { type FormEvent } from 'react';
import { Providers, errorText, useTRPC } from '../_components/providers';
import { Button, inputCls } from '../_components/ui';

// The first owner's sign-up: offered only while the install has no user at all.
function SignUp() {
  const trpc = useTRPC();
  const router = useRouter();
  const open = useQuery(trpc.team.signUpOpen.queryOptions());
  const signUp = useMutation(trpc.team.signUp.mutationOptions());
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const email = String(f.get('email'));
    const password = String(f.get('password'));
    await signUp.mutateAsync({ workspace_name: String(f.get('workspace')), email, password });
    await signIn('credentials', { email, password, redirect: false });
    router.push('/dashboard');
  }
  if (open.isLoading) return <p className="text-sm text-slate-500">Loading…</p>;
  if (!open.data?.open)
    return (
      <div className="max-w-sm rounded-xl bg-white p-8 text-sm shadow">
        <h1 className="mb-2 text-xl font-semibold">Sign-up is closed</h1>
        <p>This install already has an owner. Ask them to add you in Settings → Team, then <a className="text-indigo-700 underline" href="/login">sign in</a>.</p>
      </div>
    );
  return (
    <form onSubmit={(e) => void submit(e).catch(() => undefined)} className="w-full max-w-sm space-y-4 rounded-xl bg-white p-8 shadow">
      <h1 className="text-xl font-semibold">Create your Refcount program</h1>
      <label className="block text-sm">Program name<input name="workspace" required className={inputCls} /></label>
      <label className="block text-sm">E-mail<input name="email" type="email" required autoComplete="username" className={inputCls} /></label>
      <label className="block text-sm">Password<input name="password" type="password" minLength={8} required autoComplete="new-password" className={inputCls} /></label>
      {signUp.error && <p role="alert" className="text-sm text-red-700">{errorText(signUp.error)}</p>}
      <Button className="w-full" disabled={signUp.isPending}>Create owner account</Button>
    </form>
  );
}

export default function SignUpPage() {
  return (
    <Providers>
      <main className="flex min-h-screen items-center justify-center p-4">
        <SignUp />
      </main>
    </Providers>
  );
}
