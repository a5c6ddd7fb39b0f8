import { z } from 'zod';
import { emailKind, emailSubject, emailTemplateBody, emailText } from '../../contracts/email';
import { operation } from '../../trpc/meta';

export const updateEmailTemplateMeta = operation({
  method: 'PATCH',
  path: '/email-templates/{kind}',
  summary: 'Turn an affiliate e-mail on or off, or change its wording',
  description:
    'subject and text may use the {{variables}} the kind lists; an unknown one is refused (400 invalid_request naming it). null puts back the default wording.',
  tags: ['Emails'],
  errors: ['link_not_found'],
});

export const updateEmailTemplateInput = z.strictObject({
  kind: emailKind,
  enabled: z.boolean().optional(),
  subject: emailSubject.nullable().optional(),
  text: emailText.nullable().optional(),
});
export const updateEmailTemplateOutput = emailTemplateBody;
