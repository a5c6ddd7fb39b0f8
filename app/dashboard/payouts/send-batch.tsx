'use client';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../_components/providers';
import { Button, ErrorNote, money } from '../../_components/ui';

type Line = { amount: number; currency: string };

/**
 * "Send" for one batch (POST /v1/payout-batches/{id}/send): money leaves the merchant's Stripe
 * balance, so it asks first. Lines of affiliates paid by hand stay pending for the CSV
 * (docs/paying-affiliates.md#sending-a-batch).
 */
export function SendBatch({ batchId, pending, onSent }: { batchId: string; pending: Line[]; onSent: (text: string) => void }) {
  const trpc = useTRPC();
  const [confirming, setConfirming] = useState(false);
  const send = useMutation(
    trpc.payouts.sendBatch.mutationOptions({
      onSuccess: (r) => {
        setConfirming(false);
        const paid = r.sent.filter((p) => p.status === 'paid').length;
        const failed = r.sent.filter((p) => p.status === 'failed').length;
        const waiting = r.sent.length - paid - failed;
        onSent(`Batch sent: ${paid} paid, ${failed} failed${waiting ? `, ${waiting} still processing` : ''}${r.skipped.length ? `, ${r.skipped.length} left pending` : ''}.`);
      },
    }),
  );
  const totals = Object.entries(pending.reduce<Record<string, number>>((t, l) => ({ ...t, [l.currency]: (t[l.currency] ?? 0) + l.amount }), {}))
    .map(([currency, amount]) => money(amount, currency))
    .join(' + ');
  return (
    <div className="flex flex-wrap items-center gap-2">
      {confirming ? (
        <div role="dialog" aria-label="Confirm sending the batch" className="flex flex-wrap items-center gap-2">
          <span className="text-sm">Send this batch ({totals} pending) through Stripe Connect? Affiliates paid by hand stay pending.</span>
          <Button tone="danger" className="py-1" disabled={send.isPending} onClick={() => send.mutate({ id: batchId, confirm: true })}>
            Confirm send
          </Button>
          <Button tone="secondary" className="py-1" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button className="py-1" onClick={() => setConfirming(true)}>
          Send
        </Button>
      )}
      <ErrorNote error={send.error} />
    </div>
  );
}
