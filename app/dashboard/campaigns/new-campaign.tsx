'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { useToast } from '../../_components/toast';
import { FieldError, FormError, useFieldErrors } from '../../_components/forms';
import { Button, inputCls } from '../../_components/ui';
import { createCampaignInput } from '@/server/routers/campaigns/create-campaign.types';

export function NewCampaign() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const [name, setName] = useState('');
  const [destination, setDestination] = useState('');
  const create = useMutation(
    trpc.campaigns.create.mutationOptions({
      onSuccess: (r) => {
        toast(`Campaign ${r.data.name} created: open it to set its rate.`);
        setName('');
        setDestination('');
        return qc.invalidateQueries({ queryKey: trpc.campaigns.list.queryKey() });
      },
    }),
  );
  const fields = useFieldErrors(createCampaignInput, create.error);
  function submit(e: FormEvent) {
    e.preventDefault();
    const input = { name, ...(destination ? { destination_url: destination } : {}) };
    if (fields.check(input)) create.mutate(input);
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-sm" aria-label="New campaign" noValidate>
      <label className="w-full text-sm sm:w-64">
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} required {...fields.describe('name')} className={inputCls} />
        <FieldError fields={fields} name="name" />
      </label>
      <label className="w-full text-sm sm:w-80">
        Landing page (destination URL)
        <input value={destination} onChange={(e) => setDestination(e.target.value)} placeholder="https://…" {...fields.describe('destination_url')} className={inputCls} />
        <FieldError fields={fields} name="destination_url" />
      </label>
      <Button disabled={create.isPending}>{create.isPending ? 'Creating…' : 'Create campaign'}</Button>
      <div aria-live="polite" className="w-full">
        <FormError fields={fields} />
      </div>
    </form>
  );
}
