'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { inviteAffiliateInput } from '@/server/routers/affiliates/invite-affiliate.types';
import { FieldError, FormError, useFieldErrors } from '../../_components/forms';
import { useTRPC } from '../../_components/providers';
import { useToast } from '../../_components/toast';
import { Button, Card, inputCls } from '../../_components/ui';
import { useCampaigns } from '../products/campaign-select';

/** Invite by e-mail into a chosen campaign (default: the program's oldest active one). */
export function InviteForm() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const campaigns = useCampaigns().filter((c) => c.status !== 'archived');
  const invite = useMutation(
    trpc.affiliates.invite.mutationOptions({
      onSuccess: (r) => {
        toast(r.data.created ? `Invited ${r.data.email} as ${r.data.ref_code} (${r.data.status}).` : `${r.data.email} is already an affiliate.`);
        return qc.invalidateQueries({ queryKey: trpc.affiliates.pathKey() });
      },
    }),
  );
  const fields = useFieldErrors(inviteAffiliateInput, invite.error);
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const name = String(f.get('name') || '');
    const campaign = String(f.get('campaign_id') || '');
    const input = { email: String(f.get('email') || '').trim(), ...(name ? { name } : {}), ...(campaign ? { campaign_id: campaign } : {}) };
    if (fields.check(input)) invite.mutate(input, { onSuccess: () => form.reset() });
  }
  return (
    <Card title="Invite an affiliate">
      <form onSubmit={submit} aria-label="Invite affiliate" noValidate className="flex flex-wrap items-start gap-3">
        <label className="text-sm">
          Affiliate e-mail
          <input name="email" type="email" required {...fields.describe('email')} className={inputCls} />
          <FieldError fields={fields} name="email" />
        </label>
        <label className="text-sm">
          Affiliate name
          <input name="name" {...fields.describe('name')} className={inputCls} />
          <FieldError fields={fields} name="name" />
        </label>
        <label className="text-sm">
          Campaign
          <select name="campaign_id" defaultValue="" className={inputCls}>
            <option value="">Default (oldest active)</option>
            {campaigns.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </label>
        <Button className="mt-5" disabled={invite.isPending}>{invite.isPending ? 'Inviting…' : 'Send invitation'}</Button>
        <div className="w-full" aria-live="polite">
          <FormError fields={fields} shown={['email', 'name']} />
        </div>
      </form>
    </Card>
  );
}
