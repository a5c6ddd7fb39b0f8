import { z } from 'zod';
import { one } from '../../contracts/common';
import { payoutPreviewRecord } from '../../contracts/payout-preview';
import { operation } from '../../trpc/meta';

export const previewPayoutsMeta = operation({
  method: 'GET',
  path: '/payouts/preview',
  summary: 'The payout batch POST /v1/payouts would create now, and who it would leave out and why',
  description:
    'An extension of the spec. Runs the same selection as POST /v1/payouts (approved, past-hold cash commissions in no payout; one group per affiliate and currency, clawbacks netted) and writes nothing. Groups left out carry a reason: commissions_held, no_payout_method, net_not_positive, below_min_payout or tax_form_required; `waiting` lists the unpaid commissions that are not due yet (not_approved, in_hold_period) with the earliest moment they can be paid. A batch created afterwards matches it unless commissions change in between.',
  tags: ['Payouts'],
  errors: [],
});

export const previewPayoutsInput = z.object({});
export const previewPayoutsOutput = one('payout_preview', payoutPreviewRecord);
