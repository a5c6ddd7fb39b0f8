'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState, type FormEvent } from 'react';
import type { AppRouter } from '@/server/routers/root';
import { useTRPC } from '../../../_components/providers';
import { useToast } from '../../../_components/toast';
import { FieldError, FormError, useFieldErrors } from '../../../_components/forms';
import { Button, Card, ErrorNote, inputCls } from '../../../_components/ui';
import { updateCampaignInput } from '@/server/routers/campaigns/update-campaign.types';

type Campaign = inferRouterOutputs<AppRouter>['campaigns']['get']['data'];

/** The campaign's details, its ref parameter and extra landing pages, and its attribution model. */
export function DetailsForm({ c, canWrite }: { c: Campaign; canWrite: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.campaigns.pathKey() });
  const update = useMutation(trpc.campaigns.update.mutationOptions({ onSuccess: () => { toast('Campaign saved.'); return refresh(); } }));
  const model = useMutation(
    trpc.campaigns.setAttributionModel.mutationOptions({
      onSuccess: (r) => { toast(`Attribution: ${r.data.attribution_model === 'first_click' ? 'first' : 'last'} click wins from now on.`); return refresh(); },
    }),
  );
  const [links, setLinks] = useState(c.additional_referral_links.join('\n'));
  const fields = useFieldErrors(updateCampaignInput, update.error);
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const dest = String(f.get('destination_url') || '').trim();
    const input = {
      id: c.id,
      name: String(f.get('campaign_name')),
      cookie_window_days: Number(f.get('cookie_window_days')),
      ref_param: String(f.get('ref_param')).trim(),
      additional_referral_links: links.split('\n').map((l) => l.trim()).filter(Boolean),
      ...(dest ? { destination_url: dest } : {}),
    };
    if (fields.check(input)) update.mutate(input);
  }
  return (
    <Card title="Details">
      <form key={c.updated_at} onSubmit={submit} aria-label="Edit campaign" noValidate className="grid gap-4 sm:grid-cols-3">
        <fieldset disabled={!canWrite} className="contents">
          <label className="text-sm">Campaign name<input name="campaign_name" defaultValue={c.name} required maxLength={200} {...fields.describe('name')} className={inputCls} /><FieldError fields={fields} name="name" /></label>
          <label className="text-sm">Landing page<input name="destination_url" defaultValue={c.destination_url ?? ''} placeholder="https://…" {...fields.describe('destination_url')} className={inputCls} /><FieldError fields={fields} name="destination_url" /></label>
          <label className="text-sm">Cookie window (days)<input name="cookie_window_days" type="number" min={1} max={3650} required defaultValue={c.cookie_window_days} {...fields.describe('cookie_window_days')} className={inputCls} /><FieldError fields={fields} name="cookie_window_days" /></label>
          <label className="text-sm">
            Ref parameter
            <input name="ref_param" defaultValue={c.ref_param} required maxLength={32} aria-describedby="ref-param-help" {...fields.describe('ref_param')} className={inputCls} />
            <FieldError fields={fields} name="ref_param" />
            <span id="ref-param-help" className="mt-1 block text-xs text-slate-500">Links carry <code>?{c.ref_param}=code</code>.</span>
          </label>
          <label className="text-sm sm:col-span-2">
            Additional landing pages (one per line)
            <textarea value={links} onChange={(e) => setLinks(e.target.value)} rows={3} placeholder="https://shop.example.com/pricing" aria-describedby="links-help" {...fields.describe('additional_referral_links')} className={inputCls} />
            <FieldError fields={fields} name="additional_referral_links" />
            <span id="links-help" className="mt-1 block text-xs text-slate-500">Affiliates can make links to these pages too, from their portal.</span>
          </label>
        </fieldset>
        {canWrite && (
          <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
            <Button disabled={update.isPending}>{update.isPending ? 'Saving…' : 'Save campaign'}</Button>
            <FormError fields={fields} />
          </div>
        )}
      </form>
      <div className="mt-4 border-t pt-4">
        <label className="text-sm">
          Attribution model
          <select value={c.attribution_model} disabled={!canWrite || model.isPending} onChange={(e) => model.mutate({ id: c.id, attribution_model: e.target.value as Campaign['attribution_model'] })} className={`${inputCls} sm:w-72`}>
            <option value="last_click">Last click wins</option>
            <option value="first_click">First click wins</option>
          </select>
        </label>
        <p className="mt-1 text-xs text-slate-500">Which affiliate gets a sale when a customer clicked several links inside the cookie window. Applies to sales tracked from now on.</p>
        <ErrorNote error={model.error} />
      </div>
    </Card>
  );
}
