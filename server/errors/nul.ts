import { RefcountError } from './errors';

// PostgreSQL text cannot hold U+0000: such a value fails deep inside a query (a 500). Every
// public input is refused at the door instead (docs/errors.md, "Text with NUL characters").

type Step = { value: unknown; key: PropertyKey | null; parent: Step | null };
const pathOf = (step: Step | null): PropertyKey[] => {
  const path: PropertyKey[] = [];
  for (let s = step; s?.key != null; s = s.parent) path.push(s.key);
  return path.reverse();
};

/**
 * Where the first NUL character is in a parsed input: the path of the string holding it (a key
 * holding it counts as its object's), `[]` for the value itself, or null when there is none.
 * Iterative and linear in the input (each step links to its parent), so neither a deeply nested
 * body nor a wide one costs more than reading it.
 */
export function nulPath(value: unknown): PropertyKey[] | null {
  const stack: Step[] = [{ value, key: null, parent: null }];
  while (stack.length) {
    const step = stack.pop()!;
    const v = step.value;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return pathOf(step);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: step });
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      if (entries.some(([k]) => k.includes('\u0000'))) return pathOf(step);
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], key: entries[i][0], parent: step });
    }
  }
  return null;
}

/** Throws invalid_request naming the field (or `root` for the whole input) that holds a NUL. */
export function rejectNul(value: unknown, root: string): void {
  const path = nulPath(value);
  if (!path) return;
  const field = path.length ? path.map(String).join('.') : root;
  throw new RefcountError('invalid_request', `${field}: must not contain NUL characters`);
}
