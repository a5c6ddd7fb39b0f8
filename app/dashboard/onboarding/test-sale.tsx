'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useTRPC } from '../../_components/providers';
import { Button, ErrorNote, money, shortId } from '../../_components/ui';
import type { AppRouter } from '@/server/routers/root';

type Result = inferRouterOutputs<AppRouter>['onboarding']['sendTestSale']['data'];

/** What the test recorded, in words. */
export function TestSaleResult({ r }: { r: Result }) {
  const rate = r.commission.amount > 0 ? money(r.commission.amount, r.commission.currency ?? r.currency) : null;
  return (
    <div data-testid="test-sale-result" role="status" className="space-y-1 rounded border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
      <p>
        Recorded a click (…{shortId(r.click_id)}) on {r.affiliate.label}&apos;s referral code, then a test sale of {money(r.amount, r.currency)} by the same
        visitor.
      </p>
      <p>
        The sale (…{shortId(r.conversion_id)}) was credited to <strong>{r.affiliate.label}</strong> in the campaign “{r.campaign.name}”.
      </p>
      <p>
        {rate
          ? `Its commission would be ${rate}${r.commission.rule ? ` (rule “${r.commission.rule}”)` : ''}; as a test sale it is owed nothing: ${r.commissions_created} commissions were written.`
          : `Its campaign's rules give it no commission (${r.commission.reason.replace(/_/g, ' ')}); as a test sale it is owed nothing either way.`}
      </p>
    </div>
  );
}

/** The checklist's last step: sends a test click and sale through the tracking use cases. */
export function TestSaleButton({ canWrite }: { canWrite: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const send = useMutation(
    trpc.onboarding.sendTestSale.mutationOptions({
      onSuccess: () => qc.invalidateQueries({ queryKey: trpc.onboarding.checklist.queryKey() }),
    }),
  );
  return (
    <div className="mt-2 space-y-2">
      {canWrite ? (
        <Button type="button" tone="secondary" disabled={send.isPending} onClick={() => send.mutate()}>
          {send.isPending ? 'Sending…' : 'Send a test click and sale'}
        </Button>
      ) : (
        <p className="text-slate-500">A manager can send one from here.</p>
      )}
      <ErrorNote error={send.error} />
      {send.data && <TestSaleResult r={send.data.data} />}
    </div>
  );
}
