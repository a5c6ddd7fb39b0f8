'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { FieldError, FormError, useFieldErrors } from '../../_components/forms';
import { Button, Card, CopyButton, inputCls } from '../../_components/ui';
import { createWebhookInput } from '@/server/routers/webhooks/create-webhook.types';
import { EventsPicker } from './events-picker';
import type { EventName } from './types';

/** A new endpoint: its signing secret is in this one response only, so it is shown here, once. */
export function CreateForm() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [events, setEvents] = useState<EventName[]>(['*']);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess: (r) => {
        setCreated({ url: r.data.url, secret: r.data.secret });
        return qc.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
      },
    }),
  );
  const fields = useFieldErrors(createWebhookInput, create.error);
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const description = String(f.get('description') || '');
    setCreated(null);
    const input = { url: String(f.get('url')).trim(), events, ...(description ? { description } : {}) };
    if (fields.check(input)) create.mutate(input, { onSuccess: () => { form.reset(); setEvents(['*']); } });
  }
  return (
    <Card title="Add an endpoint">
      <form onSubmit={submit} aria-label="Add webhook endpoint" noValidate className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="text-sm">
            Endpoint URL
            <input name="url" type="url" required placeholder="https://example.com/webhooks/refcount" {...fields.describe('url')} className={inputCls} />
            <FieldError fields={fields} name="url" />
          </label>
          <label className="text-sm">
            Description
            <input name="description" maxLength={1000} {...fields.describe('description')} className={inputCls} />
            <FieldError fields={fields} name="description" />
          </label>
        </div>
        <EventsPicker value={events} onChange={setEvents} />
        <FieldError fields={fields} name="events" />
        <Button disabled={create.isPending || events.length === 0}>{create.isPending ? 'Adding…' : 'Add endpoint'}</Button>
        <div aria-live="polite">
          <FormError fields={fields} shown={['url', 'description', 'events']} />
          {created && (
            <div className="mt-2 rounded border border-emerald-200 bg-emerald-50 p-3 text-sm">
              <p className="font-medium">Endpoint {created.url} added. Its signing secret is shown only now:</p>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <code data-testid="webhook-secret" className="rounded bg-white px-2 py-1 font-mono text-xs break-all">
                  {created.secret}
                </code>
                <CopyButton text={created.secret} />
              </div>
            </div>
          )}
        </div>
      </form>
    </Card>
  );
}
