'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../../_components/providers';
import { useToast } from '../../../_components/toast';
import { Button, Card, CopyButton, ErrorNote, PageHeader, QueryState, Table, date, inputCls } from '../../../_components/ui';

// Read-only refa_live_ keys for the affiliate's own scripts (GET /v1/affiliate/*).
export default function DeveloperPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const keys = useQuery(trpc.portal.keys.queryOptions());
  const toast = useToast();
  // The token just created (shown once) and its key: revoking that key clears it.
  const [shown, setShown] = useState<{ id: string; token: string } | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.portal.keys.queryKey() });
  const create = useMutation(trpc.portal.createKey.mutationOptions({ onSuccess: (k) => { setShown({ id: k.id, token: k.token }); return refresh(); } }));
  const revoke = useMutation(
    trpc.portal.revokeKey.mutationOptions({
      onSuccess: (k) => {
        setShown((s) => (s?.id === k.id ? null : s));
        toast('Key revoked: scripts using it now get 401.');
        return refresh();
      },
    }),
  );
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const name = String(new FormData(form).get('key_name') || '');
    create.mutate(name ? { name } : {}, { onSuccess: () => form.reset() });
  }
  return (
    <div className="space-y-6">
      <PageHeader title="Developer" />
      <Card title="API keys">
        <p className="mb-3 text-sm text-slate-600">Keys read your own stats, links, clicks, conversions, commissions and payouts from <code>/v1/affiliate/*</code>.</p>
        <form onSubmit={submit} aria-label="New key" className="mb-4 flex flex-wrap items-end gap-3">
          <label className="text-sm">Key name<input name="key_name" className={inputCls} /></label>
          <Button disabled={create.isPending}>Create key</Button>
        </form>
        {shown && (
          <div className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm" aria-live="polite">
            <p className="font-medium">Copy this key now: it is not shown again.</p>
            <div className="mt-1 flex flex-wrap items-center gap-2"><code data-testid="new-key" className="break-all">{shown.token}</code><CopyButton text={shown.token} /></div>
          </div>
        )}
        <ErrorNote error={create.error ?? revoke.error} />
        <QueryState q={keys} empty={keys.data?.data.length === 0} onEmpty="No keys yet. Create one above to read your stats from a script or a spreadsheet.">
          <Table label="Your API keys" head={['Name', 'Key', 'Created', 'State']}>
            {keys.data?.data.map((k) => (
              <tr key={k.id} className="border-t">
                <td className="p-3">{k.name ?? '—'}</td><td className="p-3 font-mono text-xs">{k.start}…</td><td className="p-3">{date(k.created_at)}</td>
                <td className="p-3">{k.revoked_at ? `revoked ${date(k.revoked_at)}` : <Button tone="danger" className="py-1" onClick={() => revoke.mutate({ id: k.id })}>Revoke</Button>}</td>
              </tr>
            ))}
          </Table>
        </QueryState>
      </Card>
    </div>
  );
}
