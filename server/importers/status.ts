import type { AffiliateStatus } from '../domain/affiliates/affiliates';

/**
 * A peer's affiliate state as Refcount's status, by the peer's table; a state the table does not
 * name (or names as null) comes over as pending and is listed in the report. Own keys only: a
 * peer's "constructor" is no state, however the table's prototype answers it.
 */
export function affiliateStatusOf(table: Readonly<Record<string, AffiliateStatus | null>>, value: string, what: string): { status: AffiliateStatus; unmappable: string[] } {
  const status = Object.hasOwn(table, value) ? table[value] : null;
  return status ? { status, unmappable: [] } : { status: 'pending', unmappable: [`${what} ${value} has no match: imported as pending`] };
}
