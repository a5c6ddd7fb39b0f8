'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_components/providers';
import { Button, ErrorNote, Table } from '../../../_components/ui';
import { KINDS, lengthText, rateText, scopeText, type Product, type Rule } from './rule-text';

/** Every rule of the campaign, in the order the engine checks them: products, intervals, catch-all. */
const ORDER: Record<Rule['kind'], number> = { product: 0, interval: 1, default: 2 };

export function RulesList({ campaignId, rules, catalog, canWrite, editingId, onEdit }: {
  campaignId: string;
  rules: Rule[];
  catalog: Product[];
  canWrite: boolean;
  editingId: string | null;
  onEdit: (rule: Rule) => void;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState<string | null>(null);
  const remove = useMutation(
    trpc.commissionRules.delete.mutationOptions({
      onSuccess: () => { setConfirming(null); return qc.invalidateQueries({ queryKey: trpc.commissionRules.get.queryKey({ id: campaignId }) }); },
    }),
  );
  if (rules.length === 0) return <p className="text-sm text-slate-500">No rules yet: sales earn nothing until you add one.</p>;
  const sorted = [...rules].sort((a, b) => ORDER[a.kind] - ORDER[b.kind]);
  return (
    <>
      <Table label="Commission rules" head={['Applies to', 'Rule', 'Rate', 'Paid on', ...(canWrite ? [<span key="a" className="sr-only">Actions</span>] : [])]}>
        {sorted.map((r) => {
          // Names repeat (every product rule may be "Product commission"): buttons name the scope too.
          const what = `${r.name} (${scopeText(r, catalog)})`;
          return (
          <tr key={r.id} className={`border-t ${editingId === r.id ? 'bg-indigo-50' : ''}`}>
            <td className="p-3"><span className="block text-xs text-slate-500">{KINDS[r.kind]}</span>{scopeText(r, catalog)}</td>
            <td className="p-3">{r.name}</td>
            <td className="p-3 font-medium whitespace-nowrap">{rateText(r)}</td>
            <td className="p-3">{lengthText(r)}</td>
            {canWrite && (
              <td className="p-3">
                {confirming === r.id ? (
                  <div role="group" aria-label={`Confirm deleting ${what}`} className="flex flex-wrap items-center gap-2">
                    <span className="text-sm">Delete this rule?</span>
                    <Button tone="danger" className="py-1" disabled={remove.isPending} onClick={() => remove.mutate({ id: campaignId, rule_id: r.id })}>
                      {remove.isPending ? 'Deleting…' : 'Confirm delete'}
                    </Button>
                    <Button tone="secondary" className="py-1" onClick={() => setConfirming(null)}>Cancel</Button>
                  </div>
                ) : (
                  <div className="flex flex-wrap gap-2">
                    <Button tone="secondary" className="py-1" aria-label={`Edit ${what}`} onClick={() => onEdit(r)}>Edit</Button>
                    <Button tone="secondary" className="py-1" aria-label={`Delete ${what}`} onClick={() => setConfirming(r.id)}>Delete</Button>
                  </div>
                )}
              </td>
            )}
          </tr>
          );
        })}
      </Table>
      <ErrorNote error={remove.error} />
    </>
  );
}
