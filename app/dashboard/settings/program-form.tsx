'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { Button, Card, ErrorNote, QueryState, inputCls } from '../../_components/ui';

export function ProgramForm({ canWrite }: { canWrite: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const settings = useQuery(trpc.settings.get.queryOptions({}));
  const [saved, setSaved] = useState(false);
  const update = useMutation(
    trpc.settings.update.mutationOptions({ onSuccess: () => { setSaved(true); return qc.invalidateQueries({ queryKey: trpc.settings.get.queryKey() }); } }),
  );
  const s = settings.data?.data;
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSaved(false);
    const f = new FormData(e.currentTarget);
    update.mutate({
      auto_approve_affiliates: f.get('auto_approve_affiliates') === 'on',
      auto_approve_commissions: f.get('auto_approve_commissions') === 'on',
      hold_days: Number(f.get('hold_days')),
      min_payout: Math.round(Number(f.get('min_payout')) * 100),
      currency: String(f.get('currency')).toLowerCase(),
    });
  }
  return (
    <Card title="Program">
      <QueryState q={settings}>
        {s && (
          <form onSubmit={submit} aria-label="Program settings" className="grid gap-4 sm:grid-cols-2">
            <fieldset disabled={!canWrite} className="contents">
              <label className="flex items-center gap-2 text-sm"><input type="checkbox" name="auto_approve_affiliates" defaultChecked={s.auto_approve_affiliates} /> Approve new affiliates automatically</label>
              <label className="flex items-center gap-2 text-sm"><input type="checkbox" name="auto_approve_commissions" defaultChecked={s.auto_approve_commissions} /> Approve commissions of confirmed sales automatically</label>
              <label className="text-sm">Hold period (days)<input name="hold_days" type="number" min={0} max={3650} defaultValue={s.hold_days} className={inputCls} /></label>
              <label className="text-sm">Minimum payout ({s.currency.toUpperCase()})<input name="min_payout" type="number" min={0} step="0.01" defaultValue={(s.min_payout / 100).toFixed(2)} className={inputCls} /></label>
              <label className="text-sm">Currency<input name="currency" defaultValue={s.currency} pattern="[A-Za-z]{3}" className={inputCls} /></label>
            </fieldset>
            {canWrite && (
              <div className="flex items-center gap-3 sm:col-span-2">
                <Button disabled={update.isPending}>Save settings</Button>
                <span aria-live="polite" className="text-sm text-emerald-700">{saved && 'Saved.'}</span>
                <ErrorNote error={update.error} />
              </div>
            )}
          </form>
        )}
      </QueryState>
    </Card>
  );
}
