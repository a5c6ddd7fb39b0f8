import { z } from 'zod';
import { one } from '../../contracts/common';
import { emailKind, emailPreviewRecord, emailSubject, emailText } from '../../contracts/email';
import { operation } from '../../trpc/meta';

export const previewEmailTemplateMeta = operation({
  method: 'POST',
  path: '/email-templates/{kind}/preview',
  summary: 'Render an affiliate e-mail with sample values',
  description: 'Renders the saved wording, or the subject and text given (a draft, checked as a save checks it), with sample values and the program branding. Nothing is saved or sent.',
  tags: ['Emails'],
  errors: ['link_not_found'],
});

export const previewEmailTemplateInput = z.strictObject({ kind: emailKind, subject: emailSubject.optional(), text: emailText.optional() });
export const previewEmailTemplateOutput = one('email_preview', emailPreviewRecord);
