import { z } from 'zod';
import { one } from '../../contracts/common';
import { reportFilters, reportSummary } from '../../contracts/report';
import { operation } from '../../trpc/meta';

export const getReportSummaryMeta = operation({
  method: 'GET',
  path: '/reports/summary',
  summary: 'Totals over a date range (default: the last 30 days), from the daily rollups',
  tags: ['Reports'],
  errors: ['unknown_resource'],
});

export const getReportSummaryInput = z.object(reportFilters);
export const getReportSummaryOutput = one('report_summary', reportSummary);
