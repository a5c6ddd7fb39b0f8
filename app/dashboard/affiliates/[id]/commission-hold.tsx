'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_components/providers';
import { Button, ErrorNote, date } from '../../../_components/ui';

type Props = { id: string; who: string; heldAt: string | null; canWrite: boolean };

/** The affiliate's commission hold: a badge for everyone, Hold / Release (confirmed) for writers. */
export function CommissionHold({ id, who, heldAt, canWrite }: Props) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const update = useMutation(
    trpc.affiliates.update.mutationOptions({
      onSuccess: () => {
        setConfirming(false);
        return Promise.all([qc.invalidateQueries({ queryKey: trpc.affiliates.pathKey() }), qc.invalidateQueries({ queryKey: trpc.risk.flags.queryKey() })]);
      },
    }),
  );
  const question = heldAt
    ? `Release ${who}'s commissions? The next payout batch includes them again.`
    : `Hold ${who}'s commissions? They stay approved but no payout batch includes them until you release them.`;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 border-t pt-3 text-sm" role="group" aria-label="Commission hold">
      <span aria-live="polite">
        {heldAt ? (
          <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">Commissions on hold since {date(heldAt)}</span>
        ) : (
          <span className="text-slate-600">Commissions are paid in payout batches.</span>
        )}
      </span>
      {canWrite &&
        (confirming ? (
          <>
            <span className="font-medium">{question}</span>
            <Button disabled={update.isPending} onClick={() => update.mutate({ id, commissions_held: !heldAt })}>
              {update.isPending ? 'Working…' : 'Confirm'}
            </Button>
            <Button tone="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </>
        ) : (
          <Button tone="secondary" className="py-1" onClick={() => setConfirming(true)}>
            {heldAt ? 'Release commissions' : 'Hold commissions'}
          </Button>
        ))}
      <ErrorNote error={update.error} />
    </div>
  );
}
