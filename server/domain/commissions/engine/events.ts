import { presentCommission } from '../../../contracts/commission';
import { presentConversion } from '../../../contracts/conversion';
import type { conversions } from '@/db/schema';
import type { WorkspaceCtx } from '../../context';
import { emitEvents, type NewEvent } from '../../events/emit-event';
import type { LedgerChange } from './reconcile';

type ConversionChange = { row: typeof conversions.$inferSelect; type: 'conversion.created' | 'conversion.updated' } | null;

/** conversion.* and commission.* events of one change, in order. */
export const moneyEvents = (conversion: ConversionChange, ledger: Pick<LedgerChange, 'created' | 'updated'>): NewEvent[] => [
  ...(conversion ? [{ type: conversion.type, object: 'conversion', record: presentConversion(conversion.row) }] : []),
  ...ledger.created.map((c) => ({ type: 'commission.created' as const, object: 'commission', record: presentCommission(c) })),
  ...ledger.updated.map((c) => ({ type: 'commission.updated' as const, object: 'commission', record: presentCommission(c) })),
];

/** The events of one change, in its transaction, in one statement. */
export async function emitMoneyEvents(ctx: WorkspaceCtx, conversion: ConversionChange, ledger: LedgerChange) {
  await emitEvents({ ctx, events: moneyEvents(conversion, ledger) });
}
