'use client';
import type { UseMutationResult } from '@tanstack/react-query';
import Link from 'next/link';
import type { FormEvent, ReactNode } from 'react';
import { Button, ErrorNote, inputCls } from './ui';

/**
 * "Forgot your password?" for managers and affiliates alike: the server answers the same whether
 * or not the e-mail has an account, so the form says what may have happened, never whether it did.
 */
export function EmailLinkForm({ title, children, request, backHref }: {
  title: string;
  children: ReactNode;
  request: UseMutationResult<unknown, unknown, { email: string }>;
  backHref: string;
}) {
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    request.mutate({ email: String(new FormData(e.currentTarget).get('email')) });
  }
  return (
    <form onSubmit={submit} aria-label={title} className="w-full max-w-sm space-y-4 rounded-xl bg-white p-8 shadow">
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="text-sm text-slate-600">{children}</p>
      <label className="block text-sm">E-mail<input name="email" type="email" required autoComplete="username" className={inputCls} /></label>
      <div aria-live="polite" className="text-sm text-emerald-700" data-testid="forgot-result">
        {request.isSuccess && 'If an account exists for that e-mail, we sent a link to it. Check your inbox.'}
      </div>
      <ErrorNote error={request.error} />
      <Button className="w-full" disabled={request.isPending}>{request.isPending ? 'Sending…' : 'Send the link'}</Button>
      <p className="text-center text-sm"><Link href={backHref} className="text-indigo-700 underline">Back to sign in</Link></p>
    </form>
  );
}
