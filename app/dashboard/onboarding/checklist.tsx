'use client';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useState, type ReactNode } from 'react';
import { useTRPC } from '../../_components/providers';
import { Button, ErrorNote, focus, useCanWrite } from '../../_components/ui';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/routers/root';
import { TestSaleButton } from './test-sale';
import { WorkspaceIdAndSnippet } from './tracking-snippet';

type OnboardingStepKey = inferRouterOutputs<AppRouter>['onboarding']['checklist']['data']['steps'][number]['key'];

const STEP_WORDS: Record<OnboardingStepKey, { title: string; how: string; go: string }> = {
  program: { title: 'Name your program and brand it', how: 'The join page, the portal and the e-mails lead with its name.', go: 'Settings' },
  campaign: { title: 'Create a campaign and its commission rate', how: 'A campaign with a commission rule, so a referred sale earns something.', go: 'Campaigns' },
  tracking: { title: 'Install the tracking snippet, or connect Stripe or Paddle', how: 'Done once a click or sale arrives, or a payment provider is connected.', go: 'Settings → Tracking' },
  join_page: { title: 'Open your join page', how: 'Give it an address (Settings → Branding and join page) and share it.', go: 'Settings' },
  affiliate: { title: 'Add your first affiliate', how: 'Invite one, or approve an application from the join page.', go: 'Affiliates' },
  test_sale: { title: 'Send a test click and sale', how: 'A click and a test sale for your oldest active affiliate: see who is credited and what the rules give. Test sales owe nothing.', go: '' },
};

// Hiding is this browser's choice (a manager who set up elsewhere), kept per workspace.
const hiddenKey = (workspaceId: string) => `refcount:onboarding-hidden:${workspaceId}`;

/** The overview's setup checklist: shown at the top until every step is done, or hidden. */
export function OnboardingChecklist() {
  const trpc = useTRPC();
  const q = useQuery(trpc.onboarding.checklist.queryOptions());
  const canWrite = useCanWrite();
  const d = q.data?.data;
  // Read after hydration so the server's HTML and the browser's first render agree.
  const [hidden, setHidden] = useState<boolean | null>(null);
  useEffect(() => {
    if (d) setHidden(localStorage.getItem(hiddenKey(d.workspace_id)) === '1');
  }, [d?.workspace_id]);
  if (q.error) return <ErrorNote error={q.error} />;
  if (!d || d.all_done || hidden === null) return null;
  const hide = (v: boolean) => {
    if (v) localStorage.setItem(hiddenKey(d.workspace_id), '1');
    else localStorage.removeItem(hiddenKey(d.workspace_id));
    setHidden(v);
  };
  if (hidden) {
    return (
      <p className="text-sm text-slate-600">
        <button type="button" className={`text-indigo-700 underline ${focus}`} onClick={() => hide(false)}>
          Show the setup checklist
        </button>
      </p>
    );
  }
  const left = d.steps.filter((s) => !s.done).length;
  return (
    <section aria-label="Setup checklist" data-testid="onboarding-checklist" className="rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">Set up your program</h2>
          <p className="text-sm text-slate-600" data-testid="onboarding-progress">
            {d.steps.length - left} of {d.steps.length} done
          </p>
        </div>
        <Button type="button" tone="secondary" onClick={() => hide(true)}>
          Hide
        </Button>
      </div>
      <ol className="mt-4 space-y-4">
        {d.steps.map((s, i) => {
          const w = STEP_WORDS[s.key];
          let extra: ReactNode = null;
          if (s.key === 'tracking') {
            extra = (
              <div className="mt-2 space-y-2">
                <WorkspaceIdAndSnippet workspaceId={d.workspace_id} snippet={d.snippet} />
                <p className="text-slate-600">
                  Or{' '}
                  <Link className={`text-indigo-700 underline ${focus}`} href="/dashboard/integrations">
                    connect Stripe or Paddle
                  </Link>
                  : their events record the sales.
                </p>
              </div>
            );
          }
          if (s.key === 'test_sale') extra = <TestSaleButton canWrite={canWrite} />;
          return (
            <li key={s.key} id={s.key === 'test_sale' ? 'test-sale' : undefined} data-testid={`onboarding-step-${s.key}`} data-done={s.done} className="flex gap-3 text-sm">
              <span aria-hidden className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${s.done ? 'bg-emerald-600 text-white' : 'border border-slate-300 text-slate-600'}`}>
                {s.done ? '✓' : i + 1}
              </span>
              <div className="min-w-0 flex-1">
                <p className={`font-medium ${s.done ? 'text-slate-500 line-through' : ''}`}>
                  {w.title} <span className="sr-only">{s.done ? '(done)' : '(not done yet)'}</span>
                </p>
                {!s.done && <p className="text-slate-600">{w.how}</p>}
                {!s.done && w.go && (
                  <Link className={`text-indigo-700 underline ${focus}`} href={s.href}>
                    Go to {w.go}
                  </Link>
                )}
                {(!s.done || s.key === 'test_sale' || s.key === 'tracking') && extra}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
