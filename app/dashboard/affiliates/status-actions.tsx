'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { affiliateStatus } from '@/server/contracts/affiliate';
import { useTRPC } from '../../_components/providers';
import { useToast } from '../../_components/toast';
import { Button, ErrorNote } from '../../_components/ui';

type Status = z.infer<typeof affiliateStatus>;
const DONE: Record<Status, string> = { active: 'approved', rejected: 'rejected', suspended: 'suspended', pending: 'set to pending' };

/** Approve / reject / suspend: the buttons offered depend on where the affiliate stands. */
export function StatusActions({ id, status, who }: { id: string; status: Status; who?: string }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const update = useMutation(
    trpc.affiliates.update.mutationOptions({
      onSuccess: (r) => {
        toast(`${who ?? r.data.name ?? r.data.email ?? r.data.ref_code} ${DONE[r.data.status]}.`);
        return qc.invalidateQueries({ queryKey: trpc.affiliates.pathKey() });
      },
    }),
  );
  const actions: [Status, string, 'primary' | 'secondary' | 'danger'][] =
    status === 'pending'
      ? [['active', 'Approve', 'primary'], ['rejected', 'Reject', 'secondary']]
      : status === 'active'
        ? [['suspended', 'Suspend', 'danger']]
        : [['active', 'Reactivate', 'secondary']];
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map(([next, label, tone]) => (
        <Button key={next} tone={tone} className="py-1" disabled={update.isPending} onClick={() => update.mutate({ id, status: next })}>
          {label}
        </Button>
      ))}
      <ErrorNote error={update.error} />
    </div>
  );
}
