'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { Button, Card, CopyButton, ErrorNote, QueryState, Table, date, inputCls } from '../../_components/ui';

const SCOPES = ['read', 'write', 'track', '*'] as const;

export function ApiKeys({ canWrite }: { canWrite: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const keys = useQuery(trpc.team.keys.queryOptions());
  const [token, setToken] = useState<string | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.team.keys.queryKey() });
  const create = useMutation(trpc.team.createKey.mutationOptions({ onSuccess: (r) => { setToken(r.token); return refresh(); } }));
  const revoke = useMutation(trpc.team.revokeKey.mutationOptions({ onSuccess: refresh }));
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const name = String(f.get('key_name') || '');
    create.mutate({ ...(name ? { name } : {}), scopes: SCOPES.filter((s) => f.get(`scope_${s}`) === 'on') });
  }
  return (
    <Card title="API keys">
      {canWrite && (
        <form onSubmit={submit} aria-label="New API key" className="mb-4 flex flex-wrap items-end gap-3">
          <label className="text-sm">Key name<input name="key_name" className={inputCls} /></label>
          <fieldset className="flex gap-3 text-sm">
            <legend className="sr-only">Scopes</legend>
            {SCOPES.map((s) => (
              <label key={s} className="flex items-center gap-1"><input type="checkbox" name={`scope_${s}`} defaultChecked={s === 'read'} /> {s === '*' ? 'all' : s}</label>
            ))}
          </fieldset>
          <Button disabled={create.isPending}>Create key</Button>
        </form>
      )}
      {token && (
        <div className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm" aria-live="polite">
          <p className="font-medium">Copy this key now: it is not shown again.</p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <code data-testid="new-key" className="break-all">{token}</code>
            <CopyButton text={token} />
          </div>
        </div>
      )}
      <ErrorNote error={create.error ?? revoke.error} />
      <QueryState q={keys}>
        <Table label="API keys" head={['Name', 'Key', 'Scopes', 'Created', 'State']}>
          {keys.data?.data.map((k) => (
            <tr key={k.id} className="border-t">
              <td className="p-3">{k.name ?? '—'}</td>
              <td className="p-3 font-mono text-xs">{k.start}…</td>
              <td className="p-3">{k.scopes.length ? k.scopes.join(', ') : 'read'}</td>
              <td className="p-3 whitespace-nowrap">{date(k.created_at)}</td>
              <td className="p-3">
                {k.revoked_at ? `revoked ${date(k.revoked_at)}` : canWrite ? (
                  <Button tone="danger" className="py-1" disabled={revoke.isPending} onClick={() => confirm('Revoke this key? Requests using it will fail at once.') && revoke.mutate({ id: k.id })}>Revoke</Button>
                ) : 'active'}
              </td>
            </tr>
          ))}
        </Table>
      </QueryState>
    </Card>
  );
}
