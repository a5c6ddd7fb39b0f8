// GET /v1/reports/summary: clicks, conversions, revenue and commissions over a range
import { reportSummary } from '../../domain/reports/summary';
import { workspaceProcedure } from '../../trpc/procedures';
import { getReportSummaryInput, getReportSummaryMeta, getReportSummaryOutput } from './get-report-summary.types';

export const getReportSummaryProcedure = workspaceProcedure('read', 'replica')
  .meta(getReportSummaryMeta)
  .input(getReportSummaryInput)
  .output(getReportSummaryOutput)
  .query(async ({ ctx, input }) => ({ object: 'report_summary' as const, data: await reportSummary({ ctx, filters: input }) }));
