// GET /v1/email-templates: every affiliate e-mail kind with its switch and wording
import { presentEmailTemplate } from '../../contracts/email';
import { readTemplates } from '../../domain/mail/templates';
import { workspaceProcedure } from '../../trpc/procedures';
import { listEmailTemplatesInput, listEmailTemplatesMeta, listEmailTemplatesOutput } from './list-email-templates.types';

export const listEmailTemplatesProcedure = workspaceProcedure('read')
  .meta(listEmailTemplatesMeta)
  .input(listEmailTemplatesInput)
  .output(listEmailTemplatesOutput)
  .query(async ({ ctx }) => ({ object: 'list' as const, data: (await readTemplates(ctx)).map(presentEmailTemplate) }));
