'use client';
import { focus } from '../../_components/ui';
import { EVENT_TYPES } from '@/server/model/enums';
import type { EventName } from './types';

/** Checkboxes for the event catalog; "All events" subscribes to `*` (and future events). */
export function EventsPicker({ value, onChange, legend = 'Events' }: { value: string[]; onChange: (v: EventName[]) => void; legend?: string }) {
  const all = value.includes('*');
  const toggle = (e: EventName) => onChange((value.includes(e) ? value.filter((x) => x !== e) : [...value, e]) as EventName[]);
  return (
    <fieldset className="text-sm">
      <legend className="font-medium">{legend}</legend>
      <label className="mt-1 flex items-center gap-2">
        <input type="checkbox" checked={all} onChange={() => onChange(all ? [] : ['*'])} className={focus} />
        All events, including future ones
      </label>
      <div className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
        {EVENT_TYPES.map((e) => (
          <label key={e} className={`flex items-center gap-2 ${all ? 'text-slate-400' : ''}`}>
            <input type="checkbox" disabled={all} checked={all || value.includes(e)} onChange={() => toggle(e)} className={focus} />
            <span className="font-mono text-xs">{e}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
