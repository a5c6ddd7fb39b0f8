'use client';
import { type FormEvent } from 'react';
import { inputCls } from '../../_components/ui';
import { ConnectionFooter, SecretInput, useConnection } from './connection-form';
import type { Status } from './types';

/**
 * PayPal's REST app (docs/paying-affiliates.md#paypal-payouts): the client id, the secret (sealed
 * on save, never shown again), the webhook id and live or sandbox. PayPal checks them on save.
 */
export function PaypalForm({ status }: { status: Status }) {
  const connection = useConnection();
  const { save } = connection;
  const client = status.client;
  if (!client) return null;
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (name: string) => String(f.get(name) || '').trim() || undefined;
    const secret = text('secret');
    save.mutate({
      provider: status.provider,
      client_id: text('client_id'),
      webhook_id: text('webhook_id'),
      environment: f.get('environment') === 'sandbox' ? 'sandbox' : 'live',
      ...(secret ? { secret } : {}),
    });
    e.currentTarget.querySelector<HTMLInputElement>('input[name=secret]')!.value = '';
  }
  return (
    <form onSubmit={submit} aria-label="PayPal connection" className="mt-2 space-y-3">
      <p className="text-slate-600">Where to find them: {client.where}.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="text-sm">
          Client ID
          <input name="client_id" autoComplete="off" required maxLength={200} defaultValue={client.client_id ?? ''} className={inputCls} />
        </label>
        <SecretInput status={status} label="Secret" maxLength={200} />
        <label className="text-sm">
          Webhook ID
          <input name="webhook_id" autoComplete="off" required maxLength={100} defaultValue={client.webhook_id ?? ''} className={inputCls} />
        </label>
        <label className="text-sm">
          Environment
          <select name="environment" defaultValue={client.environment} className={inputCls}>
            <option value="live">Live</option>
            <option value="sandbox">Sandbox</option>
          </select>
        </label>
      </div>
      <p className="text-slate-600">Changing the client ID or the environment needs the secret again: PayPal checks them together.</p>
      <ConnectionFooter status={status} connection={connection} connectLabel="Connect PayPal" />
    </form>
  );
}
