'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { useToast } from '../../_components/toast';
import { Button, Card, CopyButton, ErrorNote, QueryState, Table, date, inputCls } from '../../_components/ui';
import { KEY_SCOPES } from '@/server/model/enums';

const SCOPES = KEY_SCOPES;

export function ApiKeys({ canWrite }: { canWrite: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const keys = useQuery(trpc.team.keys.queryOptions());
  // The token just created (shown once) and which key it is, so revoking that key clears it.
  const [shown, setShown] = useState<{ id: string; token: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.team.keys.queryKey() });
  const create = useMutation(trpc.team.createKey.mutationOptions({ onSuccess: (r) => { setShown({ id: r.data.id, token: r.token }); return refresh(); } }));
  const revoke = useMutation(
    trpc.team.revokeKey.mutationOptions({
      onSuccess: (k) => {
        setConfirming(null);
        setShown((s) => (s?.id === k.id ? null : s));
        toast(`Key ${k.name ?? k.start} revoked: requests using it now fail.`);
        return refresh();
      },
    }),
  );
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const name = String(f.get('key_name') || '');
    create.mutate({ ...(name ? { name } : {}), scopes: SCOPES.filter((s) => f.get(`scope_${s}`) === 'on') }, { onSuccess: () => form.reset() });
  }
  return (
    <Card title="API keys">
      {canWrite && (
        <form onSubmit={submit} aria-label="New API key" className="mb-4 flex flex-wrap items-end gap-3">
          <label className="text-sm">Key name<input name="key_name" className={inputCls} /></label>
          <fieldset className="flex flex-wrap gap-3 text-sm">
            <legend className="sr-only">Scopes</legend>
            {SCOPES.map((s) => (
              <label key={s} className="flex items-center gap-1"><input type="checkbox" name={`scope_${s}`} defaultChecked={s === 'read'} /> {s === '*' ? 'all' : s}</label>
            ))}
          </fieldset>
          <Button disabled={create.isPending}>Create key</Button>
        </form>
      )}
      {shown && (
        <div className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm" aria-live="polite">
          <p className="font-medium">Copy this key now: it is not shown again.</p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <code data-testid="new-key" className="break-all">{shown.token}</code>
            <CopyButton text={shown.token} />
            <Button tone="secondary" className="py-1" onClick={() => setShown(null)}>Done</Button>
          </div>
        </div>
      )}
      <ErrorNote error={create.error ?? revoke.error} />
      <QueryState q={keys} empty={keys.data?.data.length === 0} onEmpty="No API keys yet. Create one above for your shop's server: give it the track scope to record clicks and sales.">
        <Table label="API keys" head={['Name', 'Key', 'Scopes', 'Created', 'Last used', 'State']}>
          {keys.data?.data.map((k) => (
            <tr key={k.id} className="border-t">
              <td className="p-3">{k.name ?? '—'}</td>
              <td className="p-3 font-mono text-xs">{k.start}…</td>
              <td className="p-3">{k.scopes.length ? k.scopes.join(', ') : 'read'}</td>
              <td className="p-3 whitespace-nowrap">{date(k.created_at)}</td>
              <td className="p-3 whitespace-nowrap" data-testid="key-last-used">{k.last_used_at ? date(k.last_used_at) : 'never'}</td>
              <td className="p-3">
                {k.revoked_at ? (
                  `revoked ${date(k.revoked_at)}`
                ) : !canWrite ? (
                  'active'
                ) : confirming === k.id ? (
                  <div role="group" aria-label="Confirm revoking" className="flex flex-wrap items-center gap-2">
                    <span>Requests using it fail at once.</span>
                    <Button tone="danger" className="py-1" disabled={revoke.isPending} onClick={() => revoke.mutate({ id: k.id })}>Confirm revoke</Button>
                    <Button tone="secondary" className="py-1" onClick={() => setConfirming(null)}>Cancel</Button>
                  </div>
                ) : (
                  <Button tone="danger" className="py-1" onClick={() => setConfirming(k.id)}>Revoke</Button>
                )}
              </td>
            </tr>
          ))}
        </Table>
      </QueryState>
    </Card>
  );
}
