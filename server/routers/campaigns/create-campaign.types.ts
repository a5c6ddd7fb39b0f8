import { z } from 'zod';
import { attributionModel, campaignRecord, codePrecedence, commissionBasisInput, customerDiscountInput, campaignStatus, cookieWindowDays, refParam } from '../../contracts/campaign';
import { httpsUrl, list, name, one } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const createCampaignMeta = operation({
  method: 'POST',
  path: '/campaigns',
  summary: 'Create a campaign',
  tags: ['Campaigns'],
  successStatus: 201,
  errors: ['name_required'],
});

export const createCampaignInput = z.strictObject({
  name,
  cookie_window_days: cookieWindowDays.optional(),
  attribution_model: attributionModel.optional(),
  status: campaignStatus.optional(),
  destination_url: httpsUrl.nullable().optional(),
  additional_referral_links: list(z.string().trim().min(1).max(2048)).optional(),
  ref_param: refParam.optional(),
  customer_discount: customerDiscountInput.nullable().optional(),
  code_precedence: codePrecedence.optional(),
  commission_basis: commissionBasisInput.optional(),
});

export const createCampaignOutput = one('campaign', campaignRecord);
