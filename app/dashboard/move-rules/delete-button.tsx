'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../_components/providers';
import { Button, ErrorNote } from '../../_components/ui';

export function DeleteButton({ id, label }: { id: string; label: string }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(trpc.moveRules.delete.mutationOptions({ onSuccess: () => qc.invalidateQueries({ queryKey: trpc.moveRules.list.queryKey() }) }));
  return (
    <div className="flex flex-wrap items-center gap-2">
      {confirming ? (
        <>
          <Button tone="danger" className="py-1" disabled={remove.isPending} onClick={() => remove.mutate({ id })}>
            Confirm delete
          </Button>
          <Button tone="secondary" className="py-1" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </>
      ) : (
        <Button tone="secondary" className="py-1" aria-label={`Delete rule ${label}`} onClick={() => setConfirming(true)}>
          Delete
        </Button>
      )}
      <ErrorNote error={remove.error} />
    </div>
  );
}
