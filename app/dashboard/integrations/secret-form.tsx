'use client';
import { type FormEvent } from 'react';
import { Button, inputCls } from '../../_components/ui';
import { ConnectionFooter, SecretInput, useConnection } from './connection-form';
import type { Status } from './types';

/** The signing secret (sealed on save, never shown again) and what a sale's amount is. */
export function SecretForm({ status }: { status: Status }) {
  const connection = useConnection();
  const { save } = connection;
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
        <SecretInput status={status} label="Signing secret" />
        <label className="text-sm">
          Sale amount
          <select name="amount_basis" defaultValue={status.amount_basis} className={inputCls}>
            <option value="paid">what the customer paid</option>
            <option value="paid_excluding_tax">what the customer paid, less tax</option>
          </select>
        </label>
      </div>
      {status.connect_secret && status.connected && (
        <div className="[&>label]:block">
          <SecretInput
            status={status}
            name="connect_secret"
            hint={status.connect_secret.hint}
            label={<>Connect endpoint&apos;s signing secret <span className="text-slate-500">(optional: a platform&apos;s endpoint for its connected accounts&apos; events; {status.connect_secret.where})</span></>}
          />
        </div>
      )}
      <ConnectionFooter status={status} connection={connection} connectLabel={`Connect ${status.label}`}>
        {status.connect_secret?.hint && (
          <Button type="button" tone="secondary" disabled={save.isPending} onClick={() => save.mutate({ provider: status.provider, connect_secret: null })}>
            Remove Connect secret
          </Button>
        )}
      </ConnectionFooter>
    </form>
  );
}
