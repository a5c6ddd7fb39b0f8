'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../_components/providers';
import { amountOrProblem, Button, Card, ErrorNote, inputCls, useProgramCurrency } from '../../_components/ui';
import { MAX_MOVE_CONDITIONS, type MoveMetric } from '@/server/model/move-rules';
import { isMoney, METRIC_LABELS, MOVE_METRICS } from './conditions';

type Group = { id: string; name: string; is_default: boolean };
type Row = { metric: MoveMetric; value: string; window: string };

const blank = (): Row => ({ metric: 'sales', value: '', window: '' });

/** A rule: from and to groups, 1..5 conditions (money typed in the program currency), a position. */
export function CreateForm({ groups }: { groups: Group[] }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const currency = useProgramCurrency();
  const [rows, setRows] = useState<Row[]>([blank()]);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const create = useMutation(
    trpc.moveRules.create.mutationOptions({
      onSuccess: () => {
        setDone('Rule added.');
        setRows([blank()]);
        return qc.invalidateQueries({ queryKey: trpc.moveRules.list.queryKey() });
      },
    }),
  );
  const set = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setDone(null);
    setProblem(null);
    const conditions = [];
    for (const r of rows) {
      const label = METRIC_LABELS[r.metric];
      const amount = isMoney(r.metric) ? amountOrProblem(label, r.value, currency) : null;
      if (amount?.problem) return setProblem(amount.problem);
      const minor = amount ? amount.minor : Number(r.value);
      if (minor === null || !Number.isInteger(minor) || minor < 0) return setProblem(`${label}: enter a whole number of at least 0.`);
      conditions.push({ metric: r.metric, at_least: minor, window_days: r.window ? Number(r.window) : null });
    }
    create.mutate({ group_id: String(f.get('group_id')), target_group_id: String(f.get('target_group_id')), position: Number(f.get('position') || 0), conditions });
  }
  const options = groups.map((g) => (
    <option key={g.id} value={g.id}>
      {g.name}
    </option>
  ));
  return (
    <Card title="Add a move rule">
      <form onSubmit={submit} aria-label="Add move rule" className="space-y-3">
        <div className="flex flex-wrap items-end gap-3">
          <label className="text-sm">
            From group
            <select name="group_id" required className={inputCls} defaultValue={groups.find((g) => g.is_default)?.id}>
              {options}
            </select>
          </label>
          <label className="text-sm">
            To group
            <select name="target_group_id" required className={inputCls}>
              {options}
            </select>
          </label>
          <label className="text-sm">
            Position
            <input name="position" type="number" min={0} max={10000} defaultValue={0} className={inputCls} />
          </label>
        </div>
        {rows.map((r, i) => (
          <fieldset key={i} className="flex flex-wrap items-end gap-3" aria-label={`Condition ${i + 1}`}>
            <label className="text-sm">
              Metric
              <select value={r.metric} onChange={(e) => set(i, { metric: e.target.value as MoveMetric })} className={inputCls}>
                {MOVE_METRICS.map((m) => (
                  <option key={m} value={m}>
                    {METRIC_LABELS[m]}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-sm">
              At least{isMoney(r.metric) ? ` (${currency.toUpperCase()})` : ''}
              <input value={r.value} onChange={(e) => set(i, { value: e.target.value })} required inputMode="decimal" maxLength={20} className={inputCls} />
            </label>
            {r.metric !== 'days_enrolled' && (
              <label className="text-sm">
                In the last (days; empty: all time)
                <input value={r.window} onChange={(e) => set(i, { window: e.target.value })} type="number" min={1} max={365} className={inputCls} />
              </label>
            )}
            {rows.length > 1 && (
              <Button type="button" tone="secondary" className="py-1" onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}>
                Remove
              </Button>
            )}
          </fieldset>
        ))}
        <div className="flex flex-wrap gap-3">
          {rows.length < MAX_MOVE_CONDITIONS && (
            <Button type="button" tone="secondary" onClick={() => setRows((rs) => [...rs, blank()])}>
              Add condition
            </Button>
          )}
          <Button disabled={create.isPending}>{create.isPending ? 'Adding…' : 'Add rule'}</Button>
        </div>
        <div aria-live="polite">
          {done && <p className="text-sm text-emerald-700">{done}</p>}
          {problem && <p className="text-sm text-red-700">{problem}</p>}
          <ErrorNote error={create.error} />
        </div>
      </form>
    </Card>
  );
}
