'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { Badge, Button, ErrorNote, inputCls } from '../../_components/ui';
import { EmailPreview } from './preview';
import type { EmailKind } from '@/server/model/enums';

type Template = { kind: EmailKind; enabled: boolean; transactional: boolean; subject: string; text: string; customised: boolean; variables: string[] };

const LABELS: Record<Template['kind'], string> = {
  affiliate_approved: 'Affiliate approved',
  commission_earned: 'Commission earned',
  commission_approved: 'Commission approved',
  payout_sent: 'Payout sent',
  payout_failed: 'Payout failed',
  clawback: 'Commission reversed',
  group_changed: 'Moved to another group',
};

/** One kind: its switch, and an edit form with a preview of the draft before it is saved. */
export function TemplateItem({ template: t, canWrite }: { template: Template; canWrite: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({ subject: t.subject, text: t.text });
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.emailTemplates.list.queryKey() });
  const update = useMutation(trpc.emailTemplates.update.mutationOptions({ onSuccess: refresh }));
  const preview = useMutation(trpc.emailTemplates.preview.mutationOptions());
  function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    update.mutate({ kind: t.kind, subject: draft.subject, text: draft.text }, { onSuccess: () => setEditing(false) });
  }
  return (
    <li className="rounded border bg-white p-4 text-sm shadow-sm" data-testid={`template-${t.kind}`}>
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-medium">{LABELS[t.kind]}</span>
        <Badge value={t.transactional ? 'transactional' : 'optional'} />
        {t.customised && <Badge value="customised" />}
        <span className="flex-1 truncate text-slate-600">{t.subject}</span>
        <label className="flex items-center gap-1">
          <input type="checkbox" checked={t.enabled} disabled={!canWrite || update.isPending} onChange={(e) => update.mutate({ kind: t.kind, enabled: e.target.checked })} />
          On
        </label>
        {canWrite && (
          <Button tone="secondary" type="button" onClick={() => { setDraft({ subject: t.subject, text: t.text }); setEditing((v) => !v); }} aria-expanded={editing}>
            {editing ? 'Close' : 'Edit'}
          </Button>
        )}
      </div>
      {editing && (
        <form onSubmit={save} aria-label={`Edit ${LABELS[t.kind]}`} className="mt-3 space-y-3">
          <label className="block">
            Subject
            <input value={draft.subject} onChange={(e) => setDraft({ ...draft, subject: e.target.value })} maxLength={200} required className={inputCls} />
          </label>
          <label className="block">
            Text
            <textarea value={draft.text} onChange={(e) => setDraft({ ...draft, text: e.target.value })} maxLength={10_000} rows={8} required className={inputCls} />
          </label>
          <p className="text-xs text-slate-500">Variables: {t.variables.map((v) => `{{${v}}}`).join(' ')}</p>
          <div className="flex flex-wrap gap-2">
            <Button disabled={update.isPending}>{update.isPending ? 'Saving…' : 'Save'}</Button>
            <Button tone="secondary" type="button" onClick={() => { update.reset(); preview.mutate({ kind: t.kind, subject: draft.subject, text: draft.text }); }}>
              Preview
            </Button>
            {t.customised && (
              <Button tone="secondary" type="button" onClick={() => update.mutate({ kind: t.kind, subject: null, text: null }, { onSuccess: () => setEditing(false) })}>
                Restore default
              </Button>
            )}
          </div>
          <div aria-live="polite">
            <ErrorNote error={update.error ?? preview.error} />
          </div>
          {preview.data && <EmailPreview email={preview.data.data} />}
        </form>
      )}
    </li>
  );
}
