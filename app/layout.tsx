import type { Metadata } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = { title: 'Refcount', description: 'Affiliate programs and conversion tracking' };

// Every page renders per request: Next stamps its scripts with the CSP nonce of that request
// (proxy.ts), which a page built ahead of time could not carry.
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
