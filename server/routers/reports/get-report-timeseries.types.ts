import { z } from 'zod';
import { one } from '../../contracts/common';
import { reportFilters, reportInterval, reportMetric, reportTimeseries } from '../../contracts/report';
import { operation } from '../../trpc/meta';

export const getReportTimeseriesMeta = operation({
  method: 'GET',
  path: '/reports/timeseries',
  summary: 'One metric per day, week or month over a range, empty buckets as 0',
  tags: ['Reports'],
  errors: ['unknown_resource'],
});

export const getReportTimeseriesInput = z.object({
  ...reportFilters,
  metric: reportMetric.default('clicks'),
  interval: reportInterval.default('day'),
});
export const getReportTimeseriesOutput = one('report_timeseries', reportTimeseries);
