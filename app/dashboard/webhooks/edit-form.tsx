'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../_components/providers';
import { Button, ErrorNote, focus } from '../../_components/ui';
import { EventsPicker } from './events-picker';
import type { Endpoint, EventName } from './types';

export function EditForm({ ep, onDone }: { ep: Endpoint; onDone: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [active, setActive] = useState(ep.active);
  const [events, setEvents] = useState<EventName[]>(ep.events as EventName[]);
  const update = useMutation(
    trpc.webhooks.update.mutationOptions({
      onSuccess: () => {
        onDone();
        return qc.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
      },
    }),
  );
  return (
    <form
      className="mt-3 space-y-3 rounded border p-3"
      aria-label={`Edit ${ep.url}`}
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate({ id: ep.id, active, events });
      }}
    >
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} className={focus} />
        Active
      </label>
      <EventsPicker value={events} onChange={setEvents} />
      <div className="flex gap-2">
        <Button disabled={update.isPending || events.length === 0}>{update.isPending ? 'Saving…' : 'Save endpoint'}</Button>
        <Button type="button" tone="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
      <ErrorNote error={update.error} />
    </form>
  );
}
