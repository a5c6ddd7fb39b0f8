'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../_components/providers';
import { FilterSelect, PageHeader, Pager, QueryState, Table, date, defined, focus, inputCls, shortId, useUrlFilters } from '../../_components/ui';
import { ChangeSummary } from './change-summary';
import { AUDIT_ACTOR_TYPES } from '@/server/model/enums';

const LIMIT = 50;
const ACTORS = AUDIT_ACTOR_TYPES;
const TARGETS = [
  'affiliate', 'affiliate_key', 'campaign', 'commission', 'commission_rule', 'conversion', 'link', 'payout',
  'product', 'product_policy', 'reward', 'risk_assessment', 'settings', 'user', 'webhook_endpoint', 'workspace', 'workspace_key',
] as const;
const ACTOR_LABEL: Record<string, string> = { user: 'User', api_key: 'API key', affiliate: 'Affiliate', system: 'System' };

/** Who changed what in this workspace (GET /v1/audit-events through the dashboard session). */
export default function ActivityPage() {
  const trpc = useTRPC();
  const { values, set, offset, setOffset } = useUrlFilters(['actor_type', 'target_type', 'target_id'] as const);
  const actorType = ACTORS.find((a) => a === values.actor_type);
  const list = useQuery(
    trpc.auditEvents.list.queryOptions({
      ...defined({ target_type: values.target_type, target_id: values.target_id }),
      ...(actorType ? { actor_type: actorType } : {}),
      limit: LIMIT,
      offset,
    }),
  );
  const rows = list.data?.data ?? [];
  return (
    <div className="space-y-4">
      <PageHeader title="Activity" />
      <p className="text-sm text-slate-600">Every change to this workspace’s settings and records, who made it and what changed. Tracked clicks and sales are not listed here.</p>
      <form aria-label="Filters" className="flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
        <FilterSelect label="Who" value={actorType ?? ''} options={ACTORS} onChange={(v) => set({ actor_type: v })} />
        <FilterSelect label="Record" value={values.target_type} options={TARGETS} onChange={(v) => set({ target_type: v })} />
        <label className="text-sm">
          Record id
          <input value={values.target_id} onChange={(e) => set({ target_id: e.target.value.trim() })} placeholder="any" className={inputCls} />
        </label>
      </form>
      <QueryState q={list} empty={rows.length === 0 && offset === 0}>
        <Table label="Activity" head={['When', 'Who', 'What', 'Record', 'Changes']}>
          {rows.map((e) => (
            <tr key={e.id} className="border-t align-top">
              <td className="p-3 whitespace-nowrap">{date(e.created_at)}</td>
              <td className="max-w-56 p-3">
                {ACTOR_LABEL[e.actor.type] ?? e.actor.type}{' '}
                {e.actor.name ? <span className="break-all">{e.actor.name}</span> : <span className="font-mono text-xs text-slate-500">{e.actor.type === 'system' ? e.actor.id : shortId(e.actor.id)}</span>}
                {e.actor.via === 'mcp' && <span className="ml-1 text-xs text-slate-500">via MCP</span>}
              </td>
              <td className="p-3 whitespace-nowrap">{e.action.replace(/[._]/g, ' ')}</td>
              <td className="p-3 whitespace-nowrap">
                {e.target.id ? (
                  <button type="button" className={`font-mono text-xs text-indigo-700 hover:underline ${focus}`} onClick={() => set({ target_type: e.target.type, target_id: e.target.id ?? '' })}>
                    {e.target.type} {shortId(e.target.id)}
                  </button>
                ) : (
                  e.target.type
                )}
              </td>
              <td className="p-3"><ChangeSummary changes={e.changes} /></td>
            </tr>
          ))}
        </Table>
        <Pager offset={offset} limit={LIMIT} count={rows.length} onChange={setOffset} />
      </QueryState>
    </div>
  );
}
