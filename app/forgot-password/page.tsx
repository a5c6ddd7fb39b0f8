'use client';
import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import { type FormEvent } from 'react';
import { Providers, useTRPC } from '../_components/providers';
import { Button, ErrorNote, inputCls } from '../_components/ui';

// A manager's "forgot your password?": the server answers the same whether or not the e-mail has
// an account, so the page says what may have happened, never whether it did.
function Forgot() {
  const trpc = useTRPC();
  const request = useMutation(trpc.team.requestPasswordReset.mutationOptions());
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    request.mutate({ email: String(new FormData(e.currentTarget).get('email')) });
  }
  return (
    <form onSubmit={submit} aria-label="Reset your password" className="w-full max-w-sm space-y-4 rounded-xl bg-white p-8 shadow">
      <h1 className="text-xl font-semibold">Reset your password</h1>
      <p className="text-sm text-slate-600">Enter your dashboard e-mail: we send you a link to choose a new password.</p>
      <label className="block text-sm">E-mail<input name="email" type="email" required autoComplete="username" className={inputCls} /></label>
      <div aria-live="polite" className="text-sm text-emerald-700" data-testid="forgot-result">
        {request.isSuccess && 'If an account exists for that e-mail, we sent a link to it. Check your inbox.'}
      </div>
      <ErrorNote error={request.error} />
      <Button className="w-full" disabled={request.isPending}>{request.isPending ? 'Sending…' : 'Send the link'}</Button>
      <p className="text-center text-sm"><Link href="/login" className="text-indigo-700 underline">Back to sign in</Link></p>
    </form>
  );
}

export default function ForgotPasswordPage() {
  return (
    <Providers>
      <main className="flex min-h-screen items-center justify-center p-4">
        <Forgot />
      </main>
    </Providers>
  );
}
