import { z } from 'zod';
import { campaignRecord, codePrecedence, commissionBasisInput, cookieWindowDays, customerDiscountInput, refParam } from '../../contracts/campaign';
import { httpsUrl, list, name, one, recordId } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const updateCampaignMeta = operation({
  method: 'PATCH',
  path: '/campaigns/{id}',
  summary: 'Update a campaign (status changes go through POST /campaigns/{id}/status)',
  tags: ['Campaigns'],
  errors: ['link_not_found'],
});

// Strict: `status` and `attribution_model` are not part of this body and answer invalid_request.
export const updateCampaignInput = z.strictObject({
  id: recordId,
  name: name.optional(),
  cookie_window_days: cookieWindowDays.optional(),
  destination_url: httpsUrl.nullable().optional(),
  additional_referral_links: list(z.string().trim().min(1).max(2048)).optional(),
  ref_param: refParam.optional(),
  customer_discount: customerDiscountInput.nullable().optional(),
  code_precedence: codePrecedence.optional(),
  commission_basis: commissionBasisInput.optional(),
});

export const updateCampaignOutput = one('campaign', campaignRecord);
