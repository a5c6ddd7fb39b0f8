// PostgreSQL refuses a statement with more than 65,534 bound parameters, so a multi-row insert
// of a list that can grow (a job's batch, a fan-out) is sent in slices of bounded size.
export const ROWS_PER_INSERT = 1_000;

/** The list in consecutive slices of at most `size` items. */
export function chunks<T>(items: readonly T[], size = ROWS_PER_INSERT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
