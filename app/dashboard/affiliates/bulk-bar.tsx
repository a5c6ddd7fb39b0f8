'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadText } from '../../_components/list-tools';
import { useTRPC } from '../../_components/providers';
import { useToast } from '../../_components/toast';
import { Button, ErrorNote, focus, inputCls } from '../../_components/ui';
import { useCampaigns } from '../products/campaign-select';

type Action = 'approve' | 'reject' | 'suspend' | 'move' | 'move_group';
const DONE: Record<Action, string> = { approve: 'approved', reject: 'rejected', suspend: 'suspended', move: 'moved', move_group: 'moved' };

/** Which rows of a list are ticked; the selection is of ids, so it survives a refetch. */
export function useSelection() {
  const [ids, setIds] = useState<string[]>([]);
  return {
    ids,
    has: (id: string) => ids.includes(id),
    toggle: (id: string) => setIds((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id])),
    /** Ticks every id of `all`, or unticks them when all are ticked already. */
    toggleAll: (all: string[]) => setIds((s) => (all.length > 0 && all.every((id) => s.includes(id)) ? s.filter((id) => !all.includes(id)) : [...new Set([...s, ...all])])),
    clear: () => setIds([]),
  };
}
export type Selection = ReturnType<typeof useSelection>;

/** The header checkbox: ticks every row shown. */
export function SelectAll({ selection, ids, label }: { selection: Selection; ids: string[]; label: string }) {
  const all = ids.length > 0 && ids.every((id) => selection.has(id));
  return <input type="checkbox" aria-label={label} className={`h-4 w-4 ${focus}`} checked={all} onChange={() => selection.toggleAll(ids)} />;
}

/**
 * What a manager does with the ticked affiliates: one POST /v1/affiliates/bulk (all of them or none),
 * or their rows as CSV. `actions` narrows the buttons (applications are approved or rejected).
 */
export function BulkBar({ selection, label, actions = ['approve', 'reject', 'suspend', 'move', 'move_group'] }: { selection: Selection; label: string; actions?: Action[] }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const campaigns = useCampaigns();
  const [campaignId, setCampaignId] = useState('');
  const [groupId, setGroupId] = useState('');
  const groups = useQuery({ ...trpc.groups.list.queryOptions({ limit: 100, offset: 0 }), enabled: actions.includes('move_group') }).data?.data ?? [];
  const [exporting, setExporting] = useState(false);
  const count = selection.ids.length;
  const bulk = useMutation(
    trpc.affiliates.bulkUpdate.mutationOptions({
      onSuccess: (r, input) => {
        toast(`${r.data.length} affiliate${r.data.length === 1 ? '' : 's'} ${DONE[input.action]}.`);
        selection.clear();
        return qc.invalidateQueries({ queryKey: trpc.affiliates.pathKey() });
      },
    }),
  );
  if (count === 0) return null;
  const run = (action: Action) =>
    bulk.mutate(
      action === 'move' ? { ids: selection.ids, action, campaign_id: campaignId } : action === 'move_group' ? { ids: selection.ids, action, group_id: groupId } : { ids: selection.ids, action },
    );
  async function exportSelected() {
    setExporting(true);
    try {
      const text = await qc.fetchQuery(trpc.affiliates.tableCsv.queryOptions({ ids: selection.ids }));
      downloadText(text, 'affiliates-selected.csv');
      toast(`Exported ${count} row${count === 1 ? '' : 's'} to affiliates-selected.csv.`);
    } catch {
      toast('The export failed: try again.', 'error');
    } finally {
      setExporting(false);
    }
  }
  const busy = bulk.isPending;
  return (
    <div role="region" aria-label={label} className="sticky top-0 z-10 space-y-2 rounded border border-indigo-200 bg-indigo-50 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium" data-testid="selected-count">{count} selected</span>
        {actions.includes('approve') && <Button className="py-1" disabled={busy} onClick={() => run('approve')}>Approve</Button>}
        {actions.includes('reject') && <Button tone="secondary" className="py-1" disabled={busy} onClick={() => run('reject')}>Reject</Button>}
        {actions.includes('suspend') && <Button tone="danger" className="py-1" disabled={busy} onClick={() => run('suspend')}>Suspend</Button>}
        {actions.includes('move') && (
          <span className="inline-flex flex-wrap items-center gap-2">
            <select aria-label="Move to campaign" value={campaignId} onChange={(e) => setCampaignId(e.target.value)} className={`${inputCls} mt-0 w-auto py-1`}>
              <option value="">Campaign…</option>
              {campaigns.map((c) => <option key={c.id} value={c.id}>{c.name}{c.status !== 'active' ? ` (${c.status})` : ''}</option>)}
            </select>
            <Button tone="secondary" className="py-1" disabled={busy || !campaignId} onClick={() => run('move')}>Move to campaign</Button>
          </span>
        )}
        {actions.includes('move_group') && (
          <span className="inline-flex flex-wrap items-center gap-2">
            <select aria-label="Move to group" value={groupId} onChange={(e) => setGroupId(e.target.value)} className={`${inputCls} mt-0 w-auto py-1`}>
              <option value="">Group…</option>
              {groups.map((g) => <option key={g.id} value={g.id}>{g.name}</option>)}
            </select>
            <Button tone="secondary" className="py-1" disabled={busy || !groupId} onClick={() => run('move_group')}>Move to group</Button>
          </span>
        )}
        <Button tone="secondary" className="py-1" disabled={exporting} onClick={exportSelected}>{exporting ? 'Exporting…' : 'Export selected'}</Button>
        <button type="button" className={`text-indigo-700 underline ${focus}`} onClick={selection.clear}>Clear</button>
      </div>
      <ErrorNote error={bulk.error} />
    </div>
  );
}
