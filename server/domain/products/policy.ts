import type { ActingCtx, WorkspaceCtx } from '../context';
import { readSettings, updateSettings } from '../settings/settings';

/** Whether sales of products absent from the catalog still earn the campaign default rate. */
export async function readProductPolicy(ctx: WorkspaceCtx): Promise<boolean> {
  return (await readSettings(ctx)).commissionUnmappedProducts;
}

export async function setProductPolicy({ ctx, commissionUnmappedProducts }: { ctx: ActingCtx; commissionUnmappedProducts: boolean }): Promise<boolean> {
  return (await updateSettings({ ctx, patch: { commissionUnmappedProducts }, action: 'product_policy.updated' })).commissionUnmappedProducts;
}
