import { conversions } from '@/db/schema';
import { notFound, unknownReference } from '../../errors/errors';
import type { WorkspaceCtx } from '../context';
import type { Conversion } from './find';
import { loadRecord } from '../records';

/** The workspace's conversion (test ones too), or link_not_found (also for another workspace's id). */
export async function getConversion({ ctx, id }: { ctx: WorkspaceCtx; id: string }): Promise<Conversion> {
  return loadRecord(ctx, conversions, id, () => notFound('conversion'));
}

/** A conversion named in a query or body: unknown_resource when it is not the workspace's. */
export async function referencedConversion({ ctx, id }: { ctx: WorkspaceCtx; id: string }): Promise<Conversion> {
  return loadRecord(ctx, conversions, id, () => unknownReference('conversion_id'));
}
