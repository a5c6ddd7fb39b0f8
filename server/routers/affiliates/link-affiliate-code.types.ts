import { z } from 'zod';
import { linkedCodeRecord } from '../../contracts/code-link';
import { one, recordId } from '../../contracts/common';
import { PROVIDERS } from '../../model/enums';
import { operation } from '../../trpc/meta';

export const linkAffiliateCodeMeta = operation({
  method: 'POST',
  path: '/affiliates/{id}/codes/link',
  summary: "Link a code that already exists in Stripe (promotion code) or Paddle (discount) to the affiliate, instead of having Refcount create one",
  description:
    "Reads the promotion code or discount through the provider's API key. Refused (invalid_state) without a key, when it is inactive there, already linked, or its text is already a code of this workspace; invalid_request when the provider has no such id or its text is not 3-32 letters and digits. Its discount stays the merchant's; Refcount deactivates it when the code is deactivated.",
  tags: ['Affiliates'],
  successStatus: 201,
  errors: ['provider_required', 'provider_code_id_required', 'link_not_found', 'invalid_state'],
});

export const linkAffiliateCodeInput = z.strictObject({
  id: recordId,
  provider: z.enum(PROVIDERS),
  provider_code_id: z.string().trim().min(1).max(255).describe('promo_… for Stripe, dsc_… for Paddle'),
});

export const linkAffiliateCodeOutput = one('affiliate_code', linkedCodeRecord);
