'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_components/providers';
import { Button, ErrorNote, inputCls } from '../../../_components/ui';
import { BOUNTY_REJECTION_REASONS } from '@/server/model/enums';

/** Approve (the bounty's commission is written with it) or reject with one of the fixed reasons. */
export function Review({ id, label }: { id: string; label: string }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState<(typeof BOUNTY_REJECTION_REASONS)[number]>('insufficient_proof');
  const [note, setNote] = useState('');
  const review = useMutation(
    trpc.bountySubmissions.review.mutationOptions({
      onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: trpc.bounties.submissions.queryKey() }), qc.invalidateQueries({ queryKey: trpc.bounties.get.queryKey() })]),
    }),
  );
  return (
    <div className="flex flex-wrap items-end gap-2">
      {rejecting ? (
        <>
          <label className="text-sm">
            Reason
            <select value={reason} onChange={(e) => setReason(e.target.value as typeof reason)} className={inputCls}>
              {BOUNTY_REJECTION_REASONS.map((r) => (
                <option key={r} value={r}>
                  {r.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            Note for the affiliate
            <input value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} className={inputCls} />
          </label>
          <Button tone="danger" className="py-1" disabled={review.isPending} onClick={() => review.mutate({ id, status: 'rejected', rejection_reason: reason, ...(note.trim() ? { review_note: note.trim() } : {}) })}>
            Confirm reject
          </Button>
          <Button tone="secondary" className="py-1" onClick={() => setRejecting(false)}>
            Cancel
          </Button>
        </>
      ) : (
        <>
          <Button className="py-1" aria-label={`Approve ${label}`} disabled={review.isPending} onClick={() => review.mutate({ id, status: 'approved' })}>
            Approve
          </Button>
          <Button tone="secondary" className="py-1" aria-label={`Reject ${label}`} onClick={() => setRejecting(true)}>
            Reject
          </Button>
        </>
      )}
      <ErrorNote error={review.error} />
    </div>
  );
}
