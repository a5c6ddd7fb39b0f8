import { presentCommission } from '../../../contracts/commission';
import { presentConversion } from '../../../contracts/conversion';
import type { conversions } from '@/db/schema';
import type { WorkspaceCtx } from '../../context';
import { recordEvent } from '../../events/record-event';
import type { LedgerChange } from './reconcile';

/** conversion.* and commission.* events of one change, in its transaction. */
export async function emitMoneyEvents(
  ctx: WorkspaceCtx,
  conversion: { row: typeof conversions.$inferSelect; type: 'conversion.created' | 'conversion.updated' } | null,
  ledger: LedgerChange,
) {
  if (conversion) await recordEvent({ ctx, type: conversion.type, object: 'conversion', record: presentConversion(conversion.row) });
  for (const c of ledger.created) await recordEvent({ ctx, type: 'commission.created', object: 'commission', record: presentCommission(c) });
  for (const c of ledger.updated) await recordEvent({ ctx, type: 'commission.updated', object: 'commission', record: presentCommission(c) });
}
