// PATCH /v1/email-templates/{kind}: switch an affiliate e-mail on or off, or reword it
import { presentEmailTemplate } from '../../contracts/email';
import { updateTemplate } from '../../domain/mail/templates';
import { workspaceProcedure } from '../../trpc/procedures';
import { updateEmailTemplateInput, updateEmailTemplateMeta, updateEmailTemplateOutput } from './update-email-template.types';

export const updateEmailTemplateProcedure = workspaceProcedure('write')
  .meta(updateEmailTemplateMeta)
  .input(updateEmailTemplateInput)
  .output(updateEmailTemplateOutput)
  .mutation(async ({ ctx, input }) => {
    const template = await updateTemplate({ ctx, kind: input.kind, patch: { enabled: input.enabled, subject: input.subject, body: input.text } });
    return { object: 'email_template' as const, data: presentEmailTemplate(template) };
  });
