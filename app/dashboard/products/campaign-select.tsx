'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../_components/providers';
import { inputCls } from '../../_components/ui';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/routers/root';

export type Campaign = Pick<inferRouterOutputs<AppRouter>['campaigns']['list']['data'][number], 'id' | 'name' | 'status'>;

export function useCampaigns() {
  const trpc = useTRPC();
  const q = useQuery(trpc.campaigns.list.queryOptions({ limit: 200 }));
  return q.data?.data ?? [];
}

export function CampaignSelect({ name, defaultValue, campaigns, label = 'Campaign redirect' }: { name: string; defaultValue?: string | null; campaigns: Campaign[]; label?: string }) {
  return (
    <label className="text-sm">
      {label}
      <select name={name} defaultValue={defaultValue ?? ''} className={inputCls}>
        <option value="">None (the affiliate&apos;s campaign)</option>
        {campaigns.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A list's campaign filter ("All" plus every campaign), its value kept in the URL by the caller. */
export function CampaignFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const campaigns = useCampaigns();
  return (
    <label className="text-sm">
      Campaign
      <select value={value} onChange={(e) => onChange(e.target.value)} className={inputCls}>
        <option value="">All</option>
        {campaigns.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
      </select>
    </label>
  );
}
