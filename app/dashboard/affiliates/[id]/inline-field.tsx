'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_components/providers';
import { useToast } from '../../../_components/toast';
import { Button, ErrorNote, focus, inputCls } from '../../../_components/ui';

type Field = 'name' | 'email' | 'ref_code' | 'payout_email';

const DONE: Record<Field, string> = {
  name: 'Name changed.',
  email: 'E-mail changed.',
  ref_code: 'Ref code changed: links with the old code keep working.',
  payout_email: 'Payout e-mail changed.',
};

/**
 * One of the affiliate's fields where it is shown: its value and, for writers, Edit, which turns it
 * into an input saved with PATCH /v1/affiliates/{id}. A refusal (a taken e-mail or code) shows under it.
 */
export function InlineField({ id, field, label, value, canWrite, mono = false, type = 'text', optional = false }: {
  id: string;
  field: Field;
  label: string;
  value: string | null;
  canWrite: boolean;
  mono?: boolean;
  type?: 'text' | 'email';
  /** Saving it empty clears it (the payout e-mail). */
  optional?: boolean;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const [draft, setDraft] = useState<string | null>(null);
  const update = useMutation(
    trpc.affiliates.update.mutationOptions({
      onSuccess: () => {
        setDraft(null);
        toast(DONE[field]);
        return qc.invalidateQueries({ queryKey: trpc.affiliates.pathKey() });
      },
    }),
  );
  const shown = <span data-testid={`affiliate-${field}`} className={mono ? 'font-mono break-all' : 'break-all'}>{value ?? '—'}</span>;
  if (!canWrite) return shown;
  if (draft === null)
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        {shown}
        <button type="button" aria-label={`Edit ${label.toLowerCase()}`} className={`text-xs text-indigo-700 hover:underline ${focus}`} onClick={() => { update.reset(); setDraft(value ?? ''); }}>
          Edit
        </button>
      </span>
    );
  const save = () => {
    const text = draft.trim();
    if (field === 'payout_email') update.mutate({ id, payout_email: text === '' ? null : text });
    else update.mutate({ id, [field]: text });
  };
  return (
    <form className="space-y-1" onSubmit={(e) => { e.preventDefault(); save(); }}>
      <input
        aria-label={label}
        type={type}
        value={draft}
        required={!optional}
        maxLength={field === 'ref_code' ? 64 : field === 'name' ? 200 : 254}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => { if (e.key === 'Escape') setDraft(null); }}
        className={`${inputCls} mt-0 ${mono ? 'font-mono' : ''}`}
        autoFocus
      />
      {field === 'ref_code' && <p className="text-xs text-slate-500">3–64 of a–z, 0–9, _ and -. The old code keeps crediting this affiliate.</p>}
      <div className="flex gap-2">
        <Button type="submit" className="py-1" disabled={update.isPending}>Save</Button>
        <Button type="button" tone="secondary" className="py-1" onClick={() => setDraft(null)}>Cancel</Button>
      </div>
      <ErrorNote error={update.error} />
    </form>
  );
}
