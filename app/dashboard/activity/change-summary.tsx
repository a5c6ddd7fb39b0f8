// One audit event's `changes` as short lines: "field: old → new" for an update, the record's
// fields for a creation or removal.
const show = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));
const MAX_FIELDS = 6;

export function ChangeSummary({ changes }: { changes: Record<string, unknown> }) {
  const before = (changes.before ?? {}) as Record<string, unknown>;
  const after = (changes.after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])].filter((f) => !['id', 'created_at', 'updated_at'].includes(f));
  const both = changes.before !== undefined && changes.after !== undefined;
  const lines = fields.slice(0, MAX_FIELDS).map((f) =>
    both ? `${f}: ${show(before[f])} → ${show(after[f])}` : `${f}: ${show(f in after ? after[f] : before[f])}`,
  );
  const extra = Object.entries(changes).filter(([k]) => k !== 'before' && k !== 'after').map(([k, v]) => `${k}: ${show(v)}`);
  return (
    <ul className="max-w-md space-y-0.5 text-xs text-slate-700">
      {[...lines, ...extra].map((l) => (
        <li key={l} className="break-words">{l}</li>
      ))}
      {fields.length > MAX_FIELDS && <li className="text-slate-500">and {fields.length - MAX_FIELDS} more</li>}
    </ul>
  );
}
