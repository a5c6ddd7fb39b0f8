// POST /v1/email-templates/{kind}/preview: an affiliate e-mail as it would read, with sample values
import { previewTemplate } from '../../domain/mail/templates';
import { workspaceProcedure } from '../../trpc/procedures';
import { previewEmailTemplateInput, previewEmailTemplateMeta, previewEmailTemplateOutput } from './preview-email-template.types';

export const previewEmailTemplateProcedure = workspaceProcedure('read')
  .meta(previewEmailTemplateMeta)
  .input(previewEmailTemplateInput)
  .output(previewEmailTemplateOutput)
  .mutation(async ({ ctx, input }) => {
    const data = await previewTemplate({ ctx, kind: input.kind, draft: { subject: input.subject, body: input.text }, publicUrl: ctx.services.config.publicUrl });
    return { object: 'email_preview' as const, data };
  });
