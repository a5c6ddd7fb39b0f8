'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../_components/providers';
import { useToast } from '../../_components/toast';
import { MakeLinkForm } from '../../_components/make-link-form';
import { Card, CopyButton, QueryState } from '../../_components/ui';

function LinkRow({ url, label, testId }: { url: string; label: string; testId?: string }) {
  return (
    <li className="space-y-1">
      <p className="text-xs text-slate-500">{label}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 rounded bg-slate-100 px-2 py-1 break-all" data-testid={testId}>{url}</code>
        <CopyButton text={url} label="Copy link" />
      </div>
    </li>
  );
}

/**
 * The affiliate's default link (always there: the campaign's landing page with its ref code),
 * the links it made, and a form to make another for a landing page, with a sub-id to tell
 * placements apart.
 */
export function ReferralLinks() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const kit = useQuery(trpc.portal.linkKit.queryOptions());
  const create = useMutation(
    trpc.portal.createLink.mutationOptions({
      onSuccess: () => {
        toast('Link created: copy it above.');
        return qc.invalidateQueries({ queryKey: trpc.portal.linkKit.queryKey() });
      },
    }),
  );
  const k = kit.data?.data;
  return (
    <Card title="Your referral links">
      <QueryState q={kit}>
        {k && (
          <div className="space-y-4 text-sm">
            {k.default_url ? (
              <ul className="space-y-3">
                <LinkRow url={k.default_url} label={`Your link${k.campaign ? ` for ${k.campaign.name}` : ''} (ref code ${k.ref_code})`} testId="referral-link" />
                {k.links.map((l) => l.url && <LinkRow key={l.id} url={l.url} label={l.sub_id ? `Sub-id ${l.sub_id}` : (l.destination_url ?? '')} testId="referral-link" />)}
              </ul>
            ) : (
              <p className="text-slate-600">The program has no landing page yet, so there is no link to share. Your ref code is <strong className="font-mono">{k.ref_code}</strong>: customers can enter it at checkout.</p>
            )}
            {k.landing_pages.length > 0 && (
              <MakeLinkForm
                pages={k.landing_pages}
                label="Make a link"
                pending={create.isPending}
                error={create.error}
                onMake={(input, done) => create.mutate({ ...(input.landingPage ? { landing_page: input.landingPage } : {}), ...(input.subId ? { sub_id: input.subId } : {}) }, { onSuccess: done })}
              />
            )}
          </div>
        )}
      </QueryState>
    </Card>
  );
}
