'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../_components/providers';
import { Card, ErrorNote, QueryState, focus } from '../../_components/ui';

export function Policy({ canWrite }: { canWrite: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const policy = useQuery(trpc.products.getPolicy.queryOptions({}));
  const set = useMutation(trpc.products.setPolicy.mutationOptions({ onSuccess: () => qc.invalidateQueries({ queryKey: trpc.products.getPolicy.queryKey() }) }));
  const on = policy.data?.data.commission_unmapped_products;
  return (
    <Card title="Products not in the catalog">
      <QueryState q={policy}>
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            role="switch"
            aria-checked={!!on}
            checked={!!on}
            disabled={!canWrite || set.isPending}
            onChange={(e) => set.mutate({ commission_unmapped_products: e.target.checked })}
            className={`mt-0.5 h-4 w-4 ${focus}`}
          />
          <span>
            <span className="font-medium">Commission unmapped products</span>
            <span className="block text-slate-600">
              {on ? 'Sales of products absent from the catalog earn the campaign default rate.' : 'Sales of products absent from the catalog earn nothing.'}
            </span>
          </span>
        </label>
        <ErrorNote error={set.error} />
      </QueryState>
    </Card>
  );
}
