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
  if (conversion) await recordEvent(ctx.db, ctx.workspaceId, conversion.type, 'conversion', presentConversion(conversion.row));
  for (const c of ledger.created) await recordEvent(ctx.db, ctx.workspaceId, 'commission.created', 'commission', presentCommission(c));
  for (const c of ledger.updated) await recordEvent(ctx.db, ctx.workspaceId, 'commission.updated', 'commission', presentCommission(c));
}
