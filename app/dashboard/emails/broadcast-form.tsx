'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { Button, Card, ErrorNote, inputCls } from '../../_components/ui';

/** A message to every active affiliate or one campaign's; it goes out through the outbox. */
export function BroadcastForm() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const campaigns = useQuery(trpc.campaigns.list.queryOptions({ limit: 200 }));
  const [queued, setQueued] = useState<number | null>(null);
  const send = useMutation(
    trpc.broadcasts.create.mutationOptions({
      onSuccess: (r) => {
        setQueued(r.data.recipients);
        return qc.invalidateQueries({ queryKey: trpc.broadcasts.list.queryKey() });
      },
    }),
  );
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const campaign = String(f.get('campaign') || '');
    setQueued(null);
    send.mutate({ subject: String(f.get('subject')), text: String(f.get('text')), campaign_id: campaign || null }, { onSuccess: () => form.reset() });
  }
  return (
    <Card title="Send a broadcast">
      <form onSubmit={submit} aria-label="Send a broadcast" className="space-y-3 text-sm">
        <label className="block">
          To
          <select name="campaign" className={inputCls} defaultValue="">
            <option value="">Every active affiliate</option>
            {(campaigns.data?.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>Active affiliates of {c.name}</option>
            ))}
          </select>
        </label>
        <label className="block">
          Subject
          <input name="subject" required maxLength={200} className={inputCls} />
        </label>
        <label className="block">
          Text
          <textarea name="text" required maxLength={10_000} rows={6} className={inputCls} />
        </label>
        <p className="text-xs text-slate-500">Variables: {'{{affiliate.name}} {{affiliate.email}} {{affiliate.ref_code}} {{program.name}} {{portal_url}}'}. Unsubscribed affiliates are left out.</p>
        <Button disabled={send.isPending}>{send.isPending ? 'Sending…' : 'Send'}</Button>
        <div aria-live="polite">
          <ErrorNote error={send.error} />
          {queued !== null && <p role="status" className="text-emerald-700">Queued for {queued} affiliate{queued === 1 ? '' : 's'}.</p>}
        </div>
      </form>
    </Card>
  );
}
