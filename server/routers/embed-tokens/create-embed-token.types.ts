import { z } from 'zod';
import { affiliateStatus } from '../../contracts/affiliate';
import { email, name, one, referenceId, text, timestamp, uuid } from '../../contracts/common';
import { embedOptions, embedOrigin } from '../../contracts/embed';
import { EMBED_TOKEN_MAX_LENGTH } from '../../domain/embed/token';
import { operation } from '../../trpc/meta';

export const createEmbedTokenMeta = operation({
  method: 'POST',
  path: '/embed-tokens',
  summary: "Sign a one-hour token for a user's embedded referral page, making them an affiliate if needed (201 when created, 200 when found)",
  tags: ['Embedded referrals'],
  successStatus: 201,
  description: [
    "Call from your server, never the browser. tenant_id (your own id for the user, unique per workspace) finds the affiliate; else email finds one that has no tenant_id yet (it takes yours); else a new affiliate is made as POST /v1/affiliates makes one (active or pending per auto_approve_affiliates, the default campaign unless campaign_id, affiliate.created). email, name and campaign_id only fill a new affiliate. 201 when the affiliate was created, 200 when it existed; each call signs a new token.",
    'The token opens `url` for one hour, only for this affiliate of this workspace, only framed by `origin` (one of the settings\' embed_origins, required when they list more than one). Suspending or rejecting the affiliate, or removing the origin, ends its tokens at once; a pending affiliate gets a token (the page says the application is being reviewed).',
    'Errors: tenant_id_required (neither tenant_id nor email), origin_required (several embed_origins and none named), invalid_request (origin not among embed_origins, or a malformed field; detail names it), unknown_resource (campaign_id not in the workspace), invalid_state (no embed_origins yet; the affiliate is suspended or rejected; the e-mail belongs to an affiliate with another tenant_id).',
  ].join('\n\n'),
  errors: ['tenant_id_required', 'origin_required', 'unknown_resource', 'invalid_state'],
});

// Your id for the user: any printable text (no control characters), so your own ids fit as they are.
export const tenantId = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[^\p{C}]+$/u, 'printable characters only')
  .describe("your own id for the user (1-128 printable characters), unique per workspace: finds the same affiliate every time");

export const createEmbedTokenInput = z.strictObject({
  tenant_id: tenantId.optional(),
  email: email.optional().describe('finds an affiliate without a tenant_id yet, or fills a new one; tenant_id or email is required'),
  name: name.optional().describe("a new affiliate's name"),
  campaign_id: referenceId.optional().describe("a new affiliate's campaign; defaults to the oldest active campaign"),
  origin: embedOrigin.optional().describe('the origin that will frame the page: one of embed_origins; defaults to the only one'),
  options: embedOptions.optional().describe('what the page shows; every option has a default'),
});

export const embedTokenRecord = z
  .object({
    token: text(EMBED_TOKEN_MAX_LENGTH).describe('refe_…: opens the page for one hour; give it to the browser that frames the page, keep it out of logs'),
    expires_at: timestamp,
    affiliate_id: uuid,
    affiliate_status: affiliateStatus.describe('active, or pending while the application waits for approval'),
    origin: text(255).describe('the one origin that may frame the page with this token'),
    url: text(4096).describe('the page to frame: {PUBLIC_URL}/embed/referrals?token=…'),
    created: z.boolean().describe('true when this call made the affiliate'),
  })
  .meta({ id: 'EmbedToken' });

export const createEmbedTokenOutput = one('embed_token', embedTokenRecord);
