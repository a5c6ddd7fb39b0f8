'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '../../../_components/providers';
import { useToast } from '../../../_components/toast';
import { ErrorNote, focus, inputCls } from '../../../_components/ui';
import { useCampaigns } from '../../products/campaign-select';

/** The affiliate's campaign: its clicks and sales count there. Writers move it with a select. */
export function CampaignField({ id, campaignId, canWrite }: { id: string; campaignId: string | null; canWrite: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const campaigns = useCampaigns();
  const current = campaigns.find((c) => c.id === campaignId);
  const update = useMutation(
    trpc.affiliates.update.mutationOptions({
      onSuccess: () => {
        toast('Campaign changed: new clicks and sales count there.');
        return Promise.all([qc.invalidateQueries({ queryKey: trpc.affiliates.pathKey() })]);
      },
    }),
  );
  if (!canWrite) return current ? <Link className={`text-indigo-700 hover:underline ${focus}`} href={`/dashboard/campaigns/${current.id}`}>{current.name}</Link> : <>—</>;
  return (
    <>
      <select aria-label="Campaign" value={campaignId ?? ''} disabled={update.isPending} onChange={(e) => e.target.value && update.mutate({ id, campaign_id: e.target.value })} className={`${inputCls} mt-0`}>
        {!campaignId && <option value="">None</option>}
        {campaigns.map((c) => <option key={c.id} value={c.id}>{c.name}{c.status !== 'active' ? ` (${c.status})` : ''}</option>)}
      </select>
      <ErrorNote error={update.error} />
    </>
  );
}
