import { router } from '../../trpc/init';
import { createAffiliateProcedure } from './create-affiliate';
import { createAffiliateKeyProcedure } from './create-affiliate-key';
import { getAffiliateProcedure } from './get-affiliate';
import { getLinkKitProcedure } from './get-link-kit';
import { inviteAffiliateProcedure } from './invite-affiliate';
import { listAffiliateNamesProcedure } from './list-affiliate-names';
import { listAffiliatesProcedure } from './list-affiliates';
import { revokeAffiliateKeyProcedure } from './revoke-affiliate-key';
import { updateAffiliateProcedure } from './update-affiliate';
import { exportAffiliateTableProcedure } from './export-affiliate-table';
import { listAffiliateTableProcedure } from './list-affiliate-table';
import { listBillingCustomersProcedure } from './list-billing-customers';
import { setBillingCustomerProcedure } from './set-billing-customer';

export const affiliatesRouter = router({
  invite: inviteAffiliateProcedure,
  create: createAffiliateProcedure,
  list: listAffiliatesProcedure,
  get: getAffiliateProcedure,
  names: listAffiliateNamesProcedure,
  linkKit: getLinkKitProcedure,
  update: updateAffiliateProcedure,
  createKey: createAffiliateKeyProcedure,
  revokeKey: revokeAffiliateKeyProcedure,
  billingCustomers: listBillingCustomersProcedure,
  setBillingCustomer: setBillingCustomerProcedure,
  // dashboard-only list view (no OpenAPI meta)
  table: listAffiliateTableProcedure,
  tableCsv: exportAffiliateTableProcedure,
});
