'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { Badge, Button, Card, ErrorNote, QueryState, Table, date, inputCls } from '../../_components/ui';

export function Team({ canWrite, isOwner }: { canWrite: boolean; isOwner: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const members = useQuery(trpc.team.members.queryOptions());
  const [added, setAdded] = useState<string | null>(null);
  const add = useMutation(
    trpc.team.addMember.mutationOptions({ onSuccess: (m) => { setAdded(`${m.email} can now sign in as ${m.role}.`); return qc.invalidateQueries({ queryKey: trpc.team.members.queryKey() }); } }),
  );
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const form = e.currentTarget;
    add.mutate({ email: String(f.get('member_email')), password: String(f.get('member_password')), role: f.get('member_role') as 'admin' }, { onSuccess: () => form.reset() });
  }
  return (
    <Card title="Team">
      {canWrite && (
        <form onSubmit={submit} aria-label="Add teammate" className="mb-4 flex flex-wrap items-end gap-3">
          <label className="text-sm">Teammate e-mail<input name="member_email" type="email" required className={inputCls} /></label>
          <label className="text-sm">First password<input name="member_password" type="password" minLength={8} required autoComplete="new-password" className={inputCls} /></label>
          <label className="text-sm">
            Role
            <select name="member_role" className={inputCls} defaultValue="viewer">
              {isOwner && <option value="owner">owner</option>}
              <option value="admin">admin</option>
              <option value="viewer">viewer (read only)</option>
            </select>
          </label>
          <Button disabled={add.isPending}>Add teammate</Button>
          <p aria-live="polite" className="w-full text-sm text-emerald-700">{added}</p>
          <ErrorNote error={add.error} />
        </form>
      )}
      <QueryState q={members}>
        <Table label="Team members" head={['E-mail', 'Role', 'Since']}>
          {members.data?.data.map((m) => (
            <tr key={m.user_id} className="border-t">
              <td className="p-3">{m.email}</td>
              <td className="p-3"><Badge value={m.role} /></td>
              <td className="p-3">{date(m.created_at)}</td>
            </tr>
          ))}
        </Table>
      </QueryState>
    </Card>
  );
}
