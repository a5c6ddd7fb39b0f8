// GET /v1/reports/timeseries: a metric bucketed by day, week or month
import { reportTimeseries } from '../../domain/reports/timeseries';
import { workspaceProcedure } from '../../trpc/procedures';
import { getReportTimeseriesInput, getReportTimeseriesMeta, getReportTimeseriesOutput } from './get-report-timeseries.types';

export const getReportTimeseriesProcedure = workspaceProcedure('read', 'replica')
  .meta(getReportTimeseriesMeta)
  .input(getReportTimeseriesInput)
  .output(getReportTimeseriesOutput)
  .query(async ({ ctx, input }) => {
    const { metric, interval, ...filters } = input;
    return { object: 'report_timeseries' as const, data: await reportTimeseries({ ctx, filters, metric, interval }) };
  });
