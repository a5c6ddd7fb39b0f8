'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { Button, ErrorNote, inputCls } from '../../_components/ui';
import type { Status } from './types';

/**
 * The optional restricted API key: checked at the provider on save (the answer names a missing
 * permission), sealed, never shown again but for its last characters.
 */
export function ApiKeyForm({ status, canWrite }: { status: Status; canWrite: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: trpc.integrations.status.queryKey() });
  const save = useMutation(trpc.integrations.save.mutationOptions({ onSuccess: done }));
  const key = status.api_key;
  if (!key) return null;
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const value = String(new FormData(form).get('api_key') || '').trim();
    if (value) save.mutate({ provider: status.provider, api_key: value }, { onSuccess: () => form.reset() });
  }
  return (
    <div className="space-y-2 text-sm">
      <p>
        Optional: an API key lets Refcount read what events leave out: {key.reads}. Make one at {key.where} with these permissions, read only, and nothing else:
      </p>
      <ul aria-label="Permissions the key needs" className="flex flex-wrap gap-2">
        {key.permissions.map((p) => (
          <li key={p} className="rounded bg-slate-100 px-2 py-0.5 font-mono text-xs">
            {p}
          </li>
        ))}
      </ul>
      <p data-testid="api-key-state">{key.hint ? `API key set (${key.hint})` : 'No API key'}</p>
      {canWrite && (
        <form onSubmit={submit} aria-label={`${status.label} API key`} className="flex flex-wrap items-end gap-2">
          <label className="min-w-64 grow">
            {status.provider === 'stripe' ? 'Restricted API key' : 'API key'}
            <input name="api_key" type="password" autoComplete="off" placeholder={key.hint ? `set (${key.hint}); paste to replace` : key.example} className={inputCls} />
          </label>
          <Button disabled={save.isPending || !status.connected}>{save.isPending ? 'Checking…' : 'Save key'}</Button>
          {key.hint && (
            <Button type="button" tone="secondary" disabled={save.isPending} onClick={() => save.mutate({ provider: status.provider, api_key: null })}>
              Remove key
            </Button>
          )}
        </form>
      )}
      <div aria-live="polite">
        <ErrorNote error={save.error} />
        {save.isSuccess && <p className="text-sm text-emerald-700">Key checked and saved.</p>}
      </div>
    </div>
  );
}
