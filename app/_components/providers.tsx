'use client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { useState, type ReactNode } from 'react';
import type { AppRouter } from '@/server/routers/root';
import { errorWords, type ApiError } from './error-words';
import { Toaster } from './toast';

// Dashboard pages call the same routers as /v1, through /api/trpc with the session cookie.
export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

/** `url`: the dashboard's /api/trpc, or the portal's own endpoint that attaches the affiliate. */
export function Providers({ children, url = '/api/trpc' }: { children: ReactNode; url?: string }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 5_000 } } }));
  const [trpcClient] = useState(() => createTRPCClient<AppRouter>({ links: [httpBatchLink({ url, maxItems: 50 })] }));
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <Toaster>{children}</Toaster>
      </TRPCProvider>
    </QueryClientProvider>
  );
}

/** A failed call in words a manager understands (error-words.ts), to show next to the form that caused it. */
export function errorText(err: unknown): string | null {
  if (!err) return null;
  const api = (err as { data?: { api?: ApiError } }).data?.api;
  return api ? errorWords(api) : 'The server could not be reached: check your connection and try again.';
}
