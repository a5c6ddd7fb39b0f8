import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { commissions, conversions, workspaceSettings } from '@/db/schema';
import { invalidState } from '../../errors/errors';
import { isUniqueViolation } from '../../lib/database-error';
import { daysInterval } from '../../lib/days-sql';
import { addAuditEntryIfChanged } from '../audit/audit-entries';
import { preparedQuery } from '../../lib/prepared-query';
import type { ActingCtx, WorkspaceCtx } from '../context';

export type Settings = typeof workspaceSettings.$inferSelect;
export type SettingsPatch = Partial<
  Pick<
    Settings,
    | 'autoApproveAffiliates'
    | 'autoApproveCommissions'
    | 'holdDays'
    | 'minPayout'
    | 'currency'
    | 'commissionUnmappedProducts'
    | 'programName'
    | 'logoUrl'
    | 'brandColor'
    | 'termsUrl'
    | 'joinSlug'
    | 'disposableEmailPolicy'
    | 'linkCustomersByEmail'
    | 'taxFormRequired'
    | 'taxFormThreshold'
    | 'embedOrigins'
  >
>;

// Upserts, so a change never depends on the row having been made first.
async function upsertSettings({ ctx, patch }: { ctx: WorkspaceCtx; patch: SettingsPatch }): Promise<Settings> {
  const { db, workspaceId } = ctx;
  const [row] = await db
    .insert(workspaceSettings)
    .values({ ...patch, workspaceId })
    .onConflictDoUpdate({ target: workspaceSettings.workspaceId, set: { ...patch, updatedAt: new Date() } })
    .returning();
  return row;
}

const settingsOf = preparedQuery('settings_of', (db) =>
  db.select().from(workspaceSettings).where(eq(workspaceSettings.workspaceId, sql.placeholder('workspaceId'))),
);

/**
 * The workspace's settings: as authentication read them, or as the caller's own statement read
 * them (`read`), else read now. The row is made with the workspace; defaults fill in if it is gone.
 */
export async function readSettings(ctx: WorkspaceCtx, read?: Settings | null): Promise<Settings> {
  if (ctx.settings) return ctx.settings;
  if (read) return read;
  const [row] = await settingsOf(ctx.db).execute({ workspaceId: ctx.workspaceId });
  return row ?? upsertSettings({ ctx, patch: {} });
}

// The audit log's view of settings: the API's field names.
const audited = (s: Settings) => ({
  auto_approve_affiliates: s.autoApproveAffiliates,
  auto_approve_commissions: s.autoApproveCommissions,
  hold_days: s.holdDays,
  min_payout: s.minPayout,
  currency: s.currency,
  commission_unmapped_products: s.commissionUnmappedProducts,
  program_name: s.programName,
  logo_url: s.logoUrl,
  brand_color: s.brandColor,
  terms_url: s.termsUrl,
  join_slug: s.joinSlug,
  disposable_email_policy: s.disposableEmailPolicy,
  link_customers_by_email: s.linkCustomersByEmail,
  tax_form_required: s.taxFormRequired,
  tax_form_threshold: s.taxFormThreshold,
  embed_origins: s.embedOrigins,
});

/**
 * A manager's change (PATCH /v1/settings, PUT /v1/products/policy), audited as `action`. A new
 * hold period applies to every commission not yet paid or batched (its sale's time + the new
 * hold_days), in the same transaction: shortening the hold makes waiting commissions payable now.
 */
export async function updateSettings({
  ctx,
  patch,
  action = 'settings.updated',
}: {
  ctx: ActingCtx;
  patch: SettingsPatch;
  action?: 'settings.updated' | 'product_policy.updated';
}): Promise<Settings> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(workspaceSettings).where(eq(workspaceSettings.workspaceId, ctx.workspaceId)).for('update');
      const row = await upsertSettings({ ctx: { ...ctx, db: tx }, patch });
      if (patch.holdDays !== undefined && patch.holdDays !== before?.holdDays) await moveHolds({ db: tx, workspaceId: ctx.workspaceId }, patch.holdDays);
      await addAuditEntryIfChanged(tx, ctx, action, { type: action.split('.')[0], id: ctx.workspaceId }, before ? audited(before) : {}, audited(row));
      return row;
    });
  } catch (err) {
    // Two programs cannot share one join page address; the unique index decides a race.
    if (isUniqueViolation(err, 'workspace_settings_join_slug_uq')) throw invalidState('that join page address is taken: choose another');
    throw err;
  }
}

/** Unpaid earnings (pending or approved, in no payout) wait `holdDays` after their sale from now on. */
async function moveHolds(ctx: WorkspaceCtx, holdDays: number) {
  await ctx.db
    .update(commissions)
    // a bounty commission (no sale) waits from when it was earned
    .set({ holdUntil: sql`coalesce((select ${conversions.ts} from ${conversions} where ${conversions.id} = ${commissions.conversionId}), ${commissions.createdAt}) + ${daysInterval(holdDays)}` })
    .where(
      and(
        eq(commissions.workspaceId, ctx.workspaceId),
        inArray(commissions.kind, ['earning', 'bounty']),
        inArray(commissions.status, ['pending', 'approved']),
        isNull(commissions.payoutId),
      ),
    );
}
