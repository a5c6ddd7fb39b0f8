'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../_components/providers';
import { PageHeader, QueryState, Table, date, useCanWrite, useProgramCurrency } from '../../_components/ui';
import { CreateForm } from './create-form';
import { DeleteButton } from './delete-button';
import { RunNow } from './run-now';
import { describeCondition } from './conditions';

// /dashboard/move-rules: per group, the rules that move its affiliates on when their totals pass
// thresholds (docs/groups-bounties-recruiters.md#move-rules), a form to add one, and "Run now".
export default function MoveRulesPage() {
  const trpc = useTRPC();
  const canWrite = useCanWrite();
  const currency = useProgramCurrency();
  // a workspace holds at most 100 groups: one page has them all
  const groups = useQuery(trpc.groups.list.queryOptions({ limit: 100 }));
  const list = useQuery(trpc.moveRules.list.queryOptions({ limit: 200, offset: 0 }));
  const groupRows = groups.data?.data ?? [];
  const names = new Map(groupRows.map((g) => [g.id, g.name]));
  const rules = list.data?.data ?? [];
  const ruled = groupRows.filter((g) => rules.some((r) => r.group_id === g.id));
  return (
    <div className="space-y-6">
      <PageHeader title="Move rules">{canWrite && <RunNow />}</PageHeader>
      <p className="text-sm text-slate-600">
        An affiliate whose totals pass every condition of a rule of its group moves to the rule&apos;s target group, once per rule. Rules run a minute after new sales and
        commissions, and nightly; when two match, the lowest position wins, then the oldest rule. What an affiliate already earned never changes.
      </p>
      {canWrite && <CreateForm groups={groupRows} />}
      <QueryState q={list} empty={rules.length === 0} onEmpty="No move rules yet. Add one to move affiliates to another group when they reach a number of sales, revenue or days in the program.">
        {ruled.map((g) => (
          <section key={g.id} aria-label={`Rules of ${g.name}`} className="space-y-2">
            <h2 className="text-base font-semibold">From {g.name}</h2>
            <Table label={`Move rules of ${g.name}`} head={['Position', 'When', 'Moves to', 'Active', 'Created', canWrite ? 'Actions' : '']}>
              {rules
                .filter((r) => r.group_id === g.id)
                .map((r) => (
                  <tr key={r.id} className="border-t">
                    <td className="p-3">{r.position}</td>
                    <td className="p-3">{r.conditions.map((c) => describeCondition(c, currency)).join(' and ')}</td>
                    <td className="p-3 font-medium">{names.get(r.target_group_id) ?? '…'}</td>
                    <td className="p-3">{r.active ? 'yes' : 'no'}</td>
                    <td className="p-3 whitespace-nowrap">{date(r.created_at)}</td>
                    <td className="p-3">{canWrite && <DeleteButton id={r.id} label={`${g.name} → ${names.get(r.target_group_id) ?? ''}`} />}</td>
                  </tr>
                ))}
            </Table>
          </section>
        ))}
      </QueryState>
    </div>
  );
}
