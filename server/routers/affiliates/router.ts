import { router } from '../../trpc/init';
import { createAffiliateProcedure } from './create-affiliate';
import { createAffiliateCodeProcedure } from './create-affiliate-code';
import { deactivateAffiliateCodeProcedure } from './deactivate-affiliate-code';
import { listAffiliateCodesProcedure } from './list-affiliate-codes';
import { createAffiliateKeyProcedure } from './create-affiliate-key';
import { getAffiliateProcedure } from './get-affiliate';
import { getAffiliateTaxFormProcedure } from './get-affiliate-tax-form';
import { getLinkKitProcedure } from './get-link-kit';
import { getPayoutMethodProcedure } from './get-payout-method';
import { inviteAffiliateProcedure } from './invite-affiliate';
import { listAffiliateNamesProcedure } from './list-affiliate-names';
import { listAffiliatesProcedure } from './list-affiliates';
import { revokeAffiliateKeyProcedure } from './revoke-affiliate-key';
import { updateAffiliateProcedure } from './update-affiliate';
import { bulkUpdateAffiliatesProcedure } from './bulk-update-affiliates';
import { exportAffiliateTableProcedure } from './export-affiliate-table';
import { listAffiliateTableProcedure } from './list-affiliate-table';
import { linkAffiliateCodeProcedure } from './link-affiliate-code';
import { listBillingCustomersProcedure } from './list-billing-customers';
import { setBillingCustomerProcedure } from './set-billing-customer';

export const affiliatesRouter = router({
  invite: inviteAffiliateProcedure,
  create: createAffiliateProcedure,
  list: listAffiliatesProcedure,
  get: getAffiliateProcedure,
  taxForm: getAffiliateTaxFormProcedure,
  names: listAffiliateNamesProcedure,
  linkKit: getLinkKitProcedure,
  update: updateAffiliateProcedure,
  bulkUpdate: bulkUpdateAffiliatesProcedure,
  createKey: createAffiliateKeyProcedure,
  revokeKey: revokeAffiliateKeyProcedure,
  codes: listAffiliateCodesProcedure,
  createCode: createAffiliateCodeProcedure,
  deactivateCode: deactivateAffiliateCodeProcedure,
  linkCode: linkAffiliateCodeProcedure,
  billingCustomers: listBillingCustomersProcedure,
  setBillingCustomer: setBillingCustomerProcedure,
  payoutMethod: getPayoutMethodProcedure,
  // dashboard-only list view (no OpenAPI meta)
  table: listAffiliateTableProcedure,
  tableCsv: exportAffiliateTableProcedure,
});
