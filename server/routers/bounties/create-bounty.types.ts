import { z } from 'zod';
import { bountyRecord } from '../../contracts/bounty';
import { currency, dateTime, description, name, one } from '../../contracts/common';
import { BOUNTY_METRICS, BOUNTY_PERIODS, BOUNTY_TYPES } from '../../model/enums';
import { operation } from '../../trpc/meta';

export const createBountyMeta = operation({
  method: 'POST',
  path: '/bounties',
  summary: 'Create a bounty',
  description:
    'performance: metric and target are required (else metric_required, target_required); submission: neither is taken. ' +
    "The reward is paid as a commission of kind bounty, once per affiliate and period (a calendar month or ISO week in the workspace's time zone, or once ever).",
  tags: ['Bounties'],
  successStatus: 201,
  errors: ['name_required', 'type_required', 'reward_amount_required', 'metric_required', 'target_required'],
});

/** The largest reward and target taken: far beyond any program, well inside a safe integer. */
export const BOUNTY_AMOUNT_MAX = 1_000_000_000_000;

export const bountyTarget = z.number().int().min(1).max(BOUNTY_AMOUNT_MAX).describe('a count (clicks, leads, sales) or minor units of currency (revenue, commissions)');

export const createBountyInput = z.strictObject({
  name,
  description: description.optional(),
  type: z.enum(BOUNTY_TYPES),
  reward_amount: z.number().int().min(1).max(BOUNTY_AMOUNT_MAX).describe('minor units of currency'),
  currency: currency.optional().describe("default: the workspace's currency"),
  metric: z.enum(BOUNTY_METRICS).optional().describe('performance only'),
  target: bountyTarget.optional().describe('performance only'),
  period: z.enum(BOUNTY_PERIODS).optional().describe('default all_time'),
  starts_at: dateTime.nullable().optional(),
  ends_at: dateTime.nullable().optional(),
});
export const createBountyOutput = one('bounty', bountyRecord);
