'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useTRPC } from '../../_components/providers';
import { Button, ErrorNote, focus, inputCls } from '../../_components/ui';
import type { AppRouter } from '@/server/routers/root';
import { CampaignSelect, type Campaign } from './campaign-select';

export type Product = inferRouterOutputs<AppRouter>['products']['list']['data'][number];

export function EditRow({ p, campaigns, onDone }: { p: Product; campaigns: Campaign[]; onDone: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const update = useMutation(
    trpc.products.update.mutationOptions({
      onSuccess: () => {
        onDone();
        return qc.invalidateQueries({ queryKey: trpc.products.list.queryKey() });
      },
    }),
  );
  return (
    <tr className="border-t bg-slate-50">
      <td colSpan={6} className="p-3">
        <form
          aria-label={`Edit ${p.name}`}
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const f = new FormData(e.currentTarget);
            const campaign = String(f.get('campaign_id') || '');
            update.mutate({ id: p.id, name: String(f.get('name')), commissionable: f.get('commissionable') === 'on', campaign_id: campaign || null });
          }}
        >
          <label className="text-sm">
            Product name
            <input name="name" required defaultValue={p.name} className={inputCls} />
          </label>
          <CampaignSelect name="campaign_id" defaultValue={p.campaign_id} campaigns={campaigns} />
          <label className="flex items-center gap-2 pb-2 text-sm">
            <input type="checkbox" name="commissionable" defaultChecked={p.commissionable} className={focus} />
            Commissionable
          </label>
          <Button disabled={update.isPending}>{update.isPending ? 'Saving…' : 'Save product'}</Button>
          <Button type="button" tone="secondary" onClick={onDone}>
            Cancel
          </Button>
          <div className="w-full">
            <ErrorNote error={update.error} />
          </div>
        </form>
      </td>
    </tr>
  );
}
