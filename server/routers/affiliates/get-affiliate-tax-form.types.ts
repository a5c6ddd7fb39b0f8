import { z } from 'zod';
import { recordId } from '../../contracts/common';
import { taxFormBody } from '../../contracts/tax-form';
import { operation } from '../../trpc/meta';

export const getAffiliateTaxFormMeta = operation({
  method: 'GET',
  path: '/affiliates/{id}/tax-form',
  summary: "An affiliate's current tax form (W-9 or W-8BEN), its tax id masked",
  description:
    'data is null when the affiliate has given no form. The tax id is never returned: tax_id_masked shows its last four characters. The full tax id is only in GET /v1/payouts/tax-export.csv.',
  tags: ['Affiliates'],
  errors: ['link_not_found'],
});

export const getAffiliateTaxFormInput = z.object({ id: recordId });
export const getAffiliateTaxFormOutput = taxFormBody;
