'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTRPC } from '../../_components/providers';
import { Button, ErrorNote, inputCls } from '../../_components/ui';
import type { Status } from './types';

// What every provider's connection form shares: saving and disconnecting, the sealed secret's
// field (never shown again once saved), and the buttons and answers under the fields.

export function useConnection() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: trpc.integrations.status.queryKey() });
  return {
    save: useMutation(trpc.integrations.save.mutationOptions({ onSuccess: done })),
    remove: useMutation(trpc.integrations.remove.mutationOptions({ onSuccess: done })),
  };
}
type Connection = ReturnType<typeof useConnection>;

/** A secret's field: required to connect, then optional, with the saved secret's hint to replace it. */
export function SecretInput({ status, label, name = 'secret', hint = status.secret_hint, maxLength }: { status: Status; label: ReactNode; name?: string; hint?: string | null; maxLength?: number }) {
  return (
    <label className="text-sm">
      {label}
      <input name={name} type="password" autoComplete="off" required={name === 'secret' && !status.connected} maxLength={maxLength} placeholder={hint ? `set (${hint}); paste to replace` : status.secret_example} className={inputCls} />
    </label>
  );
}

/** Save (or Connect), any extra buttons, Disconnect once connected, and the answer. */
export function ConnectionFooter({ status, connection, connectLabel, children }: { status: Status; connection: Connection; connectLabel: string; children?: ReactNode }) {
  const { save, remove } = connection;
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button disabled={save.isPending}>{save.isPending ? 'Saving…' : status.connected ? 'Save' : connectLabel}</Button>
        {children}
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
    </>
  );
}
