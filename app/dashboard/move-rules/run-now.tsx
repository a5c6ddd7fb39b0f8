'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../_components/providers';
import { Button, ErrorNote } from '../../_components/ui';

/** Evaluates the rules now and says how many affiliates moved. */
export function RunNow() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [said, setSaid] = useState<string | null>(null);
  const run = useMutation(
    trpc.moveRules.run.mutationOptions({
      onSuccess: (r) => {
        const { moved, evaluated, more } = r.data;
        setSaid(`${moved} moved of ${evaluated} evaluated${more ? '; the rest move tonight' : ''}.`);
        return qc.invalidateQueries();
      },
    }),
  );
  return (
    <div className="flex items-center gap-3" aria-live="polite">
      {said && <span className="text-sm text-emerald-700">{said}</span>}
      <ErrorNote error={run.error} />
      <Button disabled={run.isPending} onClick={() => (setSaid(null), run.mutate({}))}>
        {run.isPending ? 'Running…' : 'Run now'}
      </Button>
    </div>
  );
}
