'use client';
import { inputCls } from '../../../_components/ui';
import type { Product } from './rule-text';

/** Product ids for a product rule: ticked from the catalog, or typed (ids the catalog does not list). */
export function ProductPicker({ catalog, picked, onPick, otherIds, onOtherIds, disabled }: {
  catalog: Product[];
  picked: Set<string>;
  onPick: (next: Set<string>) => void;
  otherIds: string;
  onOtherIds: (text: string) => void;
  disabled: boolean;
}) {
  function toggle(id: string, on: boolean) {
    const next = new Set(picked);
    if (on) next.add(id); else next.delete(id);
    onPick(next);
  }
  return (
    <>
      {catalog.length > 0 && (
        <fieldset disabled={disabled} className="text-sm sm:col-span-2 lg:col-span-1">
          <legend>Products from the catalog</legend>
          <div className="mt-1 max-h-32 overflow-y-auto rounded border bg-white p-2">
            {catalog.map((p) => (
              <label key={p.id} className="flex items-center gap-2 py-0.5">
                <input type="checkbox" checked={picked.has(p.provider_product_id)} onChange={(e) => toggle(p.provider_product_id, e.target.checked)} />
                {p.name} <code className="text-xs text-slate-500 break-all">{p.provider_product_id}</code>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <label className="text-sm">
        Other product ids (comma-separated)
        <input value={otherIds} disabled={disabled} onChange={(e) => onOtherIds(e.target.value)} placeholder="prod_…" className={inputCls} />
      </label>
    </>
  );
}

export const splitIds = (text: string) => text.split(',').map((s) => s.trim()).filter(Boolean);
