'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { useToast } from '../../_components/toast';
import { Button, Card, CopyButton, ErrorNote, QueryState, inputCls } from '../../_components/ui';

/**
 * The affiliate's coupon codes (docs/codes.md): the active ones to copy, the inactive ones for the
 * record, and a form to choose a code of its own or rename the one it holds.
 */
export function CouponCodes() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const codes = useQuery(trpc.portal.codes.queryOptions({ limit: 100 }));
  const [text, setText] = useState('');
  const all = codes.data?.data ?? [];
  const active = all.filter((c) => c.status === 'active');
  const inactive = all.filter((c) => c.status === 'inactive');
  // One code at a time is renamed: the newest active one; without one the form makes a first code.
  const current = active[0];
  const choose = useMutation(
    trpc.portal.chooseCode.mutationOptions({
      onSuccess: (r) => {
        toast(current ? `Renamed: ${r.data.code} replaces ${current.code}.` : `Your code is ${r.data.code}.`);
        setText('');
        return qc.invalidateQueries({ queryKey: trpc.portal.codes.queryKey() });
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    choose.mutate({ code: text.trim(), ...(current ? { replaces: current.id } : {}) });
  };
  return (
    <Card title="Your coupon codes">
      <QueryState q={codes}>
        <div className="space-y-4 text-sm">
          {active.length === 0 ? (
            <p className="text-slate-600">No active code yet. Choose one below: customers type it at checkout, no link needed.</p>
          ) : (
            <ul className="space-y-2">
              {active.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center gap-2">
                  <code className="rounded bg-slate-100 px-2 py-1 font-mono text-base" data-testid="coupon-code">{c.code}</code>
                  <CopyButton text={c.code} label="Copy code" />
                  {c.sync_state !== 'synced' && <span className="text-xs text-slate-500">{c.sync_state === 'pending' ? 'being set up at checkout' : 'not yet usable at checkout'}</span>}
                </li>
              ))}
            </ul>
          )}
          <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
            <label className="min-w-48 flex-1">
              <span className="text-xs text-slate-500">{current ? `Rename ${current.code} (it stops working at once)` : 'Choose your code'}</span>
              <input
                className={`${inputCls} font-mono`}
                value={text}
                onChange={(e) => setText(e.target.value)}
                minLength={3}
                maxLength={32}
                pattern="[A-Za-z0-9]{3,32}"
                title="3-32 letters and digits"
                placeholder="e.g. JANE10"
                required
              />
            </label>
            <Button type="submit" disabled={choose.isPending}>{current ? 'Rename' : 'Choose'}</Button>
          </form>
          <ErrorNote error={choose.error} />
          {inactive.length > 0 && (
            <p className="text-xs text-slate-500">
              No longer working: {inactive.map((c) => c.code).join(', ')}
            </p>
          )}
        </div>
      </QueryState>
    </Card>
  );
}
