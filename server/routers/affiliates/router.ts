import { router } from '../../trpc/init';
import { createAffiliateProcedure } from './create-affiliate';
import { createAffiliateKeyProcedure } from './create-affiliate-key';
import { getAffiliateProcedure } from './get-affiliate';
import { inviteAffiliateProcedure } from './invite-affiliate';
import { listAffiliateNamesProcedure } from './list-affiliate-names';
import { listAffiliatesProcedure } from './list-affiliates';
import { revokeAffiliateKeyProcedure } from './revoke-affiliate-key';
import { updateAffiliateProcedure } from './update-affiliate';

export const affiliatesRouter = router({
  invite: inviteAffiliateProcedure,
  create: createAffiliateProcedure,
  list: listAffiliatesProcedure,
  get: getAffiliateProcedure,
  names: listAffiliateNamesProcedure,
  update: updateAffiliateProcedure,
  createKey: createAffiliateKeyProcedure,
  revokeKey: revokeAffiliateKeyProcedure,
});
