// GET /v1/reports/groups: per partner group over a range
import { groupReport } from '../../domain/reports/groups';
import { workspaceProcedure } from '../../trpc/procedures';
import { listReportGroupsInput, listReportGroupsMeta, listReportGroupsOutput } from './list-report-groups.types';

export const listReportGroupsProcedure = workspaceProcedure('read', 'replica')
  .meta(listReportGroupsMeta)
  .input(listReportGroupsInput)
  .output(listReportGroupsOutput)
  .query(async ({ ctx, input }) => {
    const report = await groupReport({ ctx, filters: input });
    return {
      object: 'report_groups' as const,
      data: {
        from: report.from,
        to: report.to,
        groups: report.rows.map((r) => ({
          group_id: r.groupId, name: r.name, is_default: r.isDefault, affiliates: r.affiliates,
          clicks: r.clicks, conversions: r.conversions, by_currency: r.byCurrency,
        })),
      },
    };
  });
