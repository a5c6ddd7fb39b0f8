import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { emailTemplates, workspaceSettings, workspaces } from '@/db/schema';
import { invalid } from '../../errors/errors';
import { addAuditEntryIfChanged } from '../audit/audit-entries';
import type { ActingCtx, WorkspaceCtx } from '../context';
import { EMAIL_KINDS, KINDS, SAMPLE_VALUES, type EmailKind } from './kinds';
import { portalSignInUrl, renderEmail, unknownVariables, type Brand, type RenderedEmail } from './render';

/** A kind as the workspace sends it: its own wording, or the default where it has none. */
export type EmailTemplate = { kind: EmailKind; enabled: boolean; transactional: boolean; subject: string; body: string; customised: boolean; variables: readonly string[] };
export type TemplatePatch = { enabled?: boolean; subject?: string | null; body?: string | null };

export async function readTemplates(ctx: WorkspaceCtx): Promise<EmailTemplate[]> {
  const rows = await ctx.db.select().from(emailTemplates).where(eq(emailTemplates.workspaceId, ctx.workspaceId));
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return EMAIL_KINDS.map((kind) => templateOf(kind, byKind.get(kind)));
}

function templateOf(kind: EmailKind, row: typeof emailTemplates.$inferSelect | undefined): EmailTemplate {
  const def = KINDS[kind];
  return {
    kind,
    enabled: row?.enabled ?? true,
    transactional: def.transactional,
    subject: row?.subject ?? def.subject,
    body: row?.body ?? def.body,
    customised: row?.subject != null || row?.body != null,
    variables: def.variables,
  };
}

/** Refuses a placeholder the kind cannot fill, naming it: a typo would otherwise mail a blank. */
export function checkVariables(field: string, text: string, allowed: readonly string[]) {
  const unknown = unknownVariables(text, allowed);
  if (unknown.length) throw invalid(field, `unknown variable {{${unknown[0]}}}; this e-mail knows ${allowed.map((v) => `{{${v}}}`).join(', ')}`);
}

/** Changes one kind's switch or wording (null: back to the default), audited. */
export async function updateTemplate({ ctx, kind, patch }: { ctx: ActingCtx; kind: EmailKind; patch: TemplatePatch }): Promise<EmailTemplate> {
  const allowed = KINDS[kind].variables;
  if (patch.subject) checkVariables('subject', patch.subject, allowed);
  if (patch.body) checkVariables('text', patch.body, allowed);
  return ctx.db.transaction(async (tx) => {
    const where = and(eq(emailTemplates.workspaceId, ctx.workspaceId), eq(emailTemplates.kind, kind));
    const [current] = await tx.select().from(emailTemplates).where(where).for('update');
    const next = {
      workspaceId: ctx.workspaceId,
      kind,
      enabled: patch.enabled ?? current?.enabled ?? true,
      subject: patch.subject !== undefined ? patch.subject : (current?.subject ?? null),
      body: patch.body !== undefined ? patch.body : (current?.body ?? null),
    };
    const [row] = await tx
      .insert(emailTemplates)
      .values(next)
      .onConflictDoUpdate({ target: [emailTemplates.workspaceId, emailTemplates.kind], set: { enabled: next.enabled, subject: next.subject, body: next.body, updatedAt: new Date() } })
      .returning();
    const before = templateOf(kind, current);
    const after = templateOf(kind, row);
    await addAuditEntryIfChanged(tx, { ...ctx, db: tx }, 'email_template.updated', { type: 'email_template', id: null }, auditView(before), auditView(after));
    return after;
  });
}

const auditView = (t: EmailTemplate) => ({ kind: t.kind, enabled: t.enabled, subject: t.subject, text: t.body });

/** The program as its e-mails show it: its name (else the workspace's), colour and logo. */
export async function mailBrand(db: DbOrTx, workspaceId: string): Promise<Brand> {
  const [row] = await db
    .select({ workspaceName: workspaces.name, programName: workspaceSettings.programName, color: workspaceSettings.brandColor, logoUrl: workspaceSettings.logoUrl, publicId: workspaces.publicId, joinSlug: workspaceSettings.joinSlug })
    .from(workspaces)
    .leftJoin(workspaceSettings, eq(workspaceSettings.workspaceId, workspaces.id))
    .where(eq(workspaces.id, workspaceId));
  return { name: row?.programName ?? row?.workspaceName ?? 'Affiliate program', color: row?.color ?? null, logoUrl: row?.logoUrl ?? null, joinKey: row?.joinSlug ?? row?.publicId };
}

/**
 * A kind rendered with sample values: the saved wording, or the draft given (checked as a save
 * would check it), so the dashboard shows what an affiliate would receive before saving.
 */
export async function previewTemplate({ ctx, kind, draft, publicUrl }: { ctx: WorkspaceCtx; kind: EmailKind; draft: { subject?: string; body?: string }; publicUrl: string }): Promise<RenderedEmail> {
  const allowed = KINDS[kind].variables;
  if (draft.subject !== undefined) checkVariables('subject', draft.subject, allowed);
  if (draft.body !== undefined) checkVariables('text', draft.body, allowed);
  const saved = (await readTemplates(ctx)).find((t) => t.kind === kind)!;
  const brand = await mailBrand(ctx.db, ctx.workspaceId);
  const values = { ...SAMPLE_VALUES, 'program.name': brand.name, portal_url: portalSignInUrl(publicUrl, brand) };
  const unsubscribe = KINDS[kind].transactional ? null : `${publicUrl}/unsubscribe?t=sample`;
  return renderEmail({ subject: draft.subject ?? saved.subject, body: draft.body ?? saved.body, values, brand, unsubscribeUrl: unsubscribe });
}
