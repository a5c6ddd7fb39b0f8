import { z } from 'zod';
import { currencyCode, one, text } from '../../contracts/common';
import { reportFilters } from '../../contracts/report';
import { operation } from '../../trpc/meta';

export const listReportGroupsMeta = operation({
  method: 'GET',
  path: '/reports/groups',
  summary: 'Per partner group over a range: affiliates, clicks, conversions, revenue and commissions per currency',
  description:
    "An extension of the spec. Activity counts under the group each affiliate is in now. The range defaults to the last 30 days and spans at most 3660 days (else 400 invalid_request); campaign_id and affiliate_id narrow it. See docs/groups-bounties-recruiters.md#report-per-group.",
  tags: ['Reports'],
  errors: ['unknown_resource'],
});

export const listReportGroupsInput = z.object({
  from: reportFilters.from,
  to: reportFilters.to,
  campaign_id: reportFilters.campaign_id,
  affiliate_id: reportFilters.affiliate_id,
});

const groupReportRow = z.object({
  group_id: text(36),
  name: text(200),
  is_default: z.boolean(),
  affiliates: z.number().int().describe('its affiliates now'),
  clicks: z.number().int(),
  conversions: z.number().int().describe('leads and sales'),
  by_currency: z
    .array(z.object({ currency: currencyCode, revenue: z.number().int(), commissions: z.number().int() }))
    .max(200)
    .describe('money in minor units, one entry per currency with any'),
});

export const listReportGroupsOutput = one(
  'report_groups',
  z.object({ from: text(10), to: text(10), groups: z.array(groupReportRow).max(100) }),
);
