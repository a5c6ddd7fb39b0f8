import { z } from 'zod';
import { attributionModel, campaignRecord } from '../../contracts/campaign';
import { one, recordId } from '../../contracts/common';
import { operation } from '../../trpc/meta';

export const setAttributionModelMeta = operation({
  method: 'POST',
  path: '/campaigns/{id}/attribution-model',
  summary: "Change a campaign's attribution model",
  description:
    'An extension of the spec: PATCH /v1/campaigns/{id} does not take attribution_model, so it changes here, as status does. It applies to conversions tracked from now on; past conversions keep their attribution.',
  tags: ['Campaigns'],
  errors: ['attribution_model_required', 'link_not_found'],
});

export const setAttributionModelInput = z.strictObject({ id: recordId, attribution_model: attributionModel });
export const setAttributionModelOutput = one('campaign', campaignRecord);
