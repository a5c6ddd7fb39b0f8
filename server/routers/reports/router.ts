import { router } from '../../trpc/init';
import { getAttentionProcedure } from './get-attention';
import { getReportSummaryProcedure } from './get-report-summary';
import { getReportTimeseriesProcedure } from './get-report-timeseries';
import { listJobFailuresProcedure } from './list-job-failures';
import { listReportAffiliatesProcedure } from './list-report-affiliates';
import { listReportCampaignsProcedure } from './list-report-campaigns';
import { listReportGroupsProcedure } from './list-report-groups';

export const reportsRouter = router({
  summary: getReportSummaryProcedure,
  timeseries: getReportTimeseriesProcedure,
  affiliates: listReportAffiliatesProcedure,
  campaigns: listReportCampaignsProcedure,
  groups: listReportGroupsProcedure,
  // dashboard-only (no OpenAPI meta, so not on /v1)
  attention: getAttentionProcedure,
  jobFailures: listJobFailuresProcedure,
});
