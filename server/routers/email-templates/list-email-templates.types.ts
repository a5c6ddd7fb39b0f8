import { z } from 'zod';
import { answerSchema } from '../../contracts/common';
import { emailTemplateRecord } from '../../contracts/email';
import { EMAIL_KINDS } from '../../model/enums';
import { operation } from '../../trpc/meta';

export const listEmailTemplatesMeta = operation({
  method: 'GET',
  path: '/email-templates',
  summary: 'The affiliate e-mails: each kind, whether it is on, and its wording',
  description: 'Every kind is listed, with the default wording until it is changed (docs/emails.md#kinds).',
  tags: ['Emails'],
  errors: [],
});

export const listEmailTemplatesInput = z.object({});
export const listEmailTemplatesOutput = answerSchema(z.object({ object: z.literal('list'), data: z.array(emailTemplateRecord).max(EMAIL_KINDS.length) }));
