'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { Button, ErrorNote, inputCls } from '../../_components/ui';
import type { Status } from './types';

/** The signing secret (sealed on save, never shown again) and what a sale's amount is. */
export function SecretForm({ status }: { status: Status }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: trpc.integrations.status.queryKey() });
  const save = useMutation(trpc.integrations.save.mutationOptions({ onSuccess: done }));
  const remove = useMutation(trpc.integrations.remove.mutationOptions({ onSuccess: done }));
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const secret = String(f.get('secret') || '').trim();
    const connectSecret = String(f.get('connect_secret') || '').trim();
    const basis = String(f.get('amount_basis')) === 'paid_excluding_tax' ? 'paid_excluding_tax' : 'paid';
    save.mutate({ provider: status.provider, amount_basis: basis, ...(secret ? { secret } : {}), ...(connectSecret ? { connect_secret: connectSecret } : {}) });
    e.currentTarget.reset();
  }
  return (
    <form onSubmit={submit} aria-label={`${status.label} connection`} className="mt-2 space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="text-sm">
          Signing secret
          <input name="secret" type="password" autoComplete="off" required={!status.connected} placeholder={status.connected ? `set (${status.secret_hint}); paste to replace` : status.secret_example} className={inputCls} />
        </label>
        <label className="text-sm">
          Sale amount
          <select name="amount_basis" defaultValue={status.amount_basis} className={inputCls}>
            <option value="paid">what the customer paid</option>
            <option value="paid_excluding_tax">what the customer paid, less tax</option>
          </select>
        </label>
      </div>
      {status.connect_secret && status.connected && (
        <label className="block text-sm">
          Connect endpoint&apos;s signing secret <span className="text-slate-500">(optional: a platform&apos;s endpoint for its connected accounts&apos; events; {status.connect_secret.where})</span>
          <input name="connect_secret" type="password" autoComplete="off" placeholder={status.connect_secret.hint ? `set (${status.connect_secret.hint}); paste to replace` : status.secret_example} className={inputCls} />
        </label>
      )}
      <div className="flex flex-wrap gap-2">
        <Button disabled={save.isPending}>{save.isPending ? 'Saving…' : status.connected ? 'Save' : `Connect ${status.label}`}</Button>
        {status.connect_secret?.hint && (
          <Button type="button" tone="secondary" disabled={save.isPending} onClick={() => save.mutate({ provider: status.provider, connect_secret: null })}>
            Remove Connect secret
          </Button>
        )}
        {status.connected && (
          <Button type="button" tone="secondary" disabled={remove.isPending} onClick={() => remove.mutate({ provider: status.provider })}>
            Disconnect
          </Button>
        )}
      </div>
      <div aria-live="polite">
        <ErrorNote error={save.error ?? remove.error} />
        {save.isSuccess && <p className="text-sm text-emerald-700">Saved.</p>}
      </div>
    </form>
  );
}
