import { router } from '../../trpc/init';
import { listEmailTemplatesProcedure } from './list-email-templates';
import { previewEmailTemplateProcedure } from './preview-email-template';
import { updateEmailTemplateProcedure } from './update-email-template';

export const emailTemplatesRouter = router({
  list: listEmailTemplatesProcedure,
  update: updateEmailTemplateProcedure,
  preview: previewEmailTemplateProcedure,
});
