'use client';
import { inputCls } from '../../_components/ui';
import { PRESETS, type Preset, type Range } from './range';

/** Preset ranges, a custom from/to, and "compare with the previous period". */
export function RangePicker({ preset, range, compare, onChange }: {
  preset: Preset;
  range: Range;
  compare: boolean;
  onChange: (patch: { range?: string; from?: string; to?: string; compare?: string }) => void;
}) {
  return (
    <form aria-label="Date range" className="flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
      <label className="text-sm">
        Range
        <select value={preset} onChange={(e) => onChange({ range: e.target.value, ...(e.target.value === 'custom' ? range : { from: '', to: '' }) })} className={inputCls}>
          {PRESETS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
      </label>
      {preset === 'custom' && (
        <>
          <label className="text-sm">From<input type="date" value={range.from} max={range.to} onChange={(e) => onChange({ from: e.target.value })} className={inputCls} /></label>
          <label className="text-sm">To<input type="date" value={range.to} min={range.from} onChange={(e) => onChange({ to: e.target.value })} className={inputCls} /></label>
        </>
      )}
      <label className="flex items-center gap-2 pb-2 text-sm">
        <input type="checkbox" checked={compare} onChange={(e) => onChange({ compare: e.target.checked ? '1' : '' })} />
        Compare with the previous period
      </label>
    </form>
  );
}
