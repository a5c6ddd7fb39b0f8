'use client';
import { signOut } from 'next-auth/react';

export function SignOut({ callbackUrl = '/login' }: { callbackUrl?: string }) {
  return (
    <button onClick={() => signOut({ callbackUrl })} className="rounded px-2 py-1 text-left text-sm text-slate-600 hover:bg-slate-100">
      Sign out
    </button>
  );
}
