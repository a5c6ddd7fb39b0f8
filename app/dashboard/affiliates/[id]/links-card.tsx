'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../_components/providers';
import { useToast } from '../../../_components/toast';
import { MakeLinkForm } from '../../../_components/make-link-form';
import { Card, CopyButton, QueryState } from '../../../_components/ui';

/** The affiliate's links as it sees them in the portal: its default link, its own links, and making another. */
export function LinksCard({ affiliateId, canWrite }: { affiliateId: string; canWrite: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const kit = useQuery(trpc.affiliates.linkKit.queryOptions({ id: affiliateId }));
  const create = useMutation(
    trpc.links.create.mutationOptions({
      onSuccess: () => {
        toast('Link created.');
        return qc.invalidateQueries({ queryKey: trpc.affiliates.linkKit.queryKey({ id: affiliateId }) });
      },
    }),
  );
  const k = kit.data?.data;
  return (
    <Card title="Referral links">
      <QueryState q={kit}>
        {k && (
          <ul className="space-y-2 text-sm">
            <li className="flex flex-wrap items-center gap-2">
              <span className="w-full text-xs text-slate-500">Default link{k.campaign ? ` (${k.campaign.name})` : ''}</span>
              {k.default_url ? (
                <>
                  <code className="rounded bg-slate-100 px-2 py-1 break-all" data-testid="default-link">{k.default_url}</code>
                  <CopyButton text={k.default_url} />
                </>
              ) : (
                <span className="text-slate-600">None yet: give the campaign a landing page.</span>
              )}
            </li>
            {k.links.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center gap-2">
                <span className="w-full text-xs text-slate-500">{l.sub_id ? `Sub-id ${l.sub_id}` : 'Link'}</span>
                <code className="rounded bg-slate-100 px-2 py-1 break-all">{l.url ?? '(no landing page)'}</code>
                {l.url && <CopyButton text={l.url} />}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {canWrite && k && k.landing_pages.length > 0 && (
        <MakeLinkForm
          pages={k.landing_pages}
          label="Create link"
          pending={create.isPending}
          error={create.error}
          onMake={(input, done) => create.mutate({ affiliate_id: affiliateId, ...(input.landingPage ? { destination_url: input.landingPage } : {}), ...(input.subId ? { sub_id: input.subId } : {}) }, { onSuccess: done })}
        />
      )}
    </Card>
  );
}
