'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../_components/providers';
import { Button, ErrorNote } from '../../_components/ui';
import type { Reward } from './terms';

export function ArchiveButton({ r }: { r: Reward }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const update = useMutation(
    trpc.rewards.update.mutationOptions({
      onSuccess: () => {
        setConfirming(false);
        return qc.invalidateQueries({ queryKey: trpc.rewards.list.queryKey() });
      },
    }),
  );
  if (r.archived)
    return (
      <Button tone="secondary" className="py-1" disabled={update.isPending} onClick={() => update.mutate({ id: r.id, archived: false })}>
        Restore
      </Button>
    );
  return (
    <div className="flex flex-wrap items-center gap-2">
      {confirming ? (
        <>
          <span className="text-sm">Archive {r.name}?</span>
          <Button tone="danger" className="py-1" disabled={update.isPending} onClick={() => update.mutate({ id: r.id, archived: true })}>
            Confirm archive
          </Button>
          <Button tone="secondary" className="py-1" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </>
      ) : (
        <Button tone="secondary" className="py-1" aria-label={`Archive ${r.name}`} onClick={() => setConfirming(true)}>
          Archive
        </Button>
      )}
      <ErrorNote error={update.error} />
    </div>
  );
}
