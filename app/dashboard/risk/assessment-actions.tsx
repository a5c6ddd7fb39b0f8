'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../_components/providers';
import { Button, ErrorNote } from '../../_components/ui';
import type { Assessment } from './types';

type Action = 'dismiss' | 'suspend' | 'hold' | 'release';

const QUESTION: Record<Action, (who: string) => string> = {
  dismiss: (who) => `Dismiss this assessment of ${who} as a false positive?`,
  suspend: (who) => `Suspend ${who}? Their links stop earning.`,
  hold: (who) => `Hold ${who}'s commissions? They stay approved but no payout batch includes them until you release them.`,
  release: (who) => `Release ${who}'s commissions? The next payout batch includes them again.`,
};
const DONE: Record<Action, string> = { dismiss: 'Dismissed.', suspend: 'Suspended.', hold: 'Commissions on hold.', release: 'Commissions released.' };

/** The manager's responses to an assessment, each behind a confirmation: the engine never acts. */
export function AssessmentActions({ a }: { a: Assessment }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const done = (action: Action) => {
    setConfirming(null);
    setNote(DONE[action]);
    return Promise.all([qc.invalidateQueries({ queryKey: trpc.risk.flags.queryKey() }), qc.invalidateQueries({ queryKey: trpc.affiliates.pathKey() })]);
  };
  const dismiss = useMutation(trpc.risk.dismiss.mutationOptions({ onSuccess: () => done('dismiss') }));
  const update = useMutation(trpc.affiliates.update.mutationOptions());
  const pending = dismiss.isPending || update.isPending;
  const who = a.affiliate.name ?? a.affiliate.ref_code;
  const held = a.affiliate.commissions_held;

  function confirm(action: Action) {
    if (action === 'dismiss') return dismiss.mutate({ id: a.id });
    const patch = action === 'suspend' ? { status: 'suspended' as const } : { commissions_held: action === 'hold' };
    update.mutate({ id: a.affiliate_id, ...patch }, { onSuccess: () => done(action) });
  }
  const ask = (action: Action) => {
    setNote(null);
    setConfirming(action);
  };

  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Actions for ${who}`}>
      {confirming ? (
        <>
          <span className="text-sm font-medium">{QUESTION[confirming](who)}</span>
          <Button tone={confirming === 'suspend' ? 'danger' : 'primary'} disabled={pending} onClick={() => confirm(confirming)}>
            {pending ? 'Working…' : 'Confirm'}
          </Button>
          <Button tone="secondary" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
        </>
      ) : (
        <>
          {!a.dismissed_at && (
            <Button tone="secondary" onClick={() => ask('dismiss')}>
              Dismiss
            </Button>
          )}
          {held ? (
            <Button tone="secondary" onClick={() => ask('release')}>
              Release
            </Button>
          ) : (
            <Button tone="secondary" onClick={() => ask('hold')}>
              Hold commissions
            </Button>
          )}
          {(a.affiliate.status === 'active' || a.affiliate.status === 'pending') && (
            <Button tone="danger" onClick={() => ask('suspend')}>
              Suspend affiliate
            </Button>
          )}
        </>
      )}
      <span aria-live="polite" className="text-sm text-slate-700">
        {note}
      </span>
      <ErrorNote error={dismiss.error ?? update.error} />
    </div>
  );
}
