'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '../../../_components/providers';
import { useToast } from '../../../_components/toast';
import { ErrorNote, focus, inputCls } from '../../../_components/ui';

/** The affiliate's partner group (docs/groups-bounties-recruiters.md#groups). Writers move it with a select. */
export function GroupField({ id, groupId, canWrite }: { id: string; groupId: string; canWrite: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const groups = useQuery(trpc.groups.list.queryOptions({ limit: 100, offset: 0 })).data?.data ?? [];
  const current = groups.find((g) => g.id === groupId);
  const update = useMutation(
    trpc.affiliates.update.mutationOptions({
      onSuccess: () => {
        toast('Group changed: new sales earn under its rules; earned commissions stay as they are.');
        return Promise.all([qc.invalidateQueries({ queryKey: trpc.affiliates.pathKey() }), qc.invalidateQueries({ queryKey: trpc.groups.pathKey() })]);
      },
    }),
  );
  if (!canWrite) return current ? <Link className={`text-indigo-700 hover:underline ${focus}`} href="/dashboard/groups">{current.name}</Link> : <>—</>;
  return (
    <>
      <select aria-label="Group" value={groupId} disabled={update.isPending} onChange={(e) => update.mutate({ id, group_id: e.target.value })} className={`${inputCls} mt-0`}>
        {!current && <option value={groupId}>…</option>}
        {groups.map((g) => <option key={g.id} value={g.id}>{g.name}</option>)}
      </select>
      <ErrorNote error={update.error} />
    </>
  );
}
