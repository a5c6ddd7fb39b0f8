import { sql } from 'drizzle-orm';
import { rowsOf } from '../../lib/rows';
import type { WorkspaceCtx } from '../context';
import { TEST_CLICK_URL, TEST_SALE_ACTION } from './test-sale';

// The onboarding checklist the overview shows until every step is done (docs/dashboard.md#onboarding):
// each step read from the workspace's own data, so doing the thing anywhere (dashboard, /v1, a
// provider's event) ticks it, and nothing is stored about the checklist itself.

export const ONBOARDING_STEPS = ['program', 'campaign', 'tracking', 'join_page', 'affiliate', 'test_sale'] as const;
export type OnboardingStepKey = (typeof ONBOARDING_STEPS)[number];

/** Where each step is done in the dashboard. */
export const STEP_HREF: Record<OnboardingStepKey, string> = {
  program: '/dashboard/settings',
  campaign: '/dashboard/campaigns',
  tracking: '/dashboard/settings#tracking',
  join_page: '/dashboard/settings',
  affiliate: '/dashboard/affiliates',
  test_sale: '/dashboard#test-sale',
};

export type OnboardingFacts = {
  /** A program name is set: the join page and the portal lead with it. */
  programNamed: boolean;
  /** An active campaign has at least one commission rule, so a sale earns something. */
  campaignWithRule: boolean;
  /** A click or a conversion reached Refcount through the API or the snippet (the test button's own click and sale aside). */
  trackingSeen: boolean;
  /** Stripe or Paddle is connected: its events record the sales. */
  providerConnected: boolean;
  /** The join page has an address of its own, or someone applied through it. */
  joinPageUsed: boolean;
  /** An affiliate other than a rejected one exists. */
  hasAffiliate: boolean;
  /** The test click and sale were sent (the overview's button) at least once. */
  testSaleSent: boolean;
};

export type OnboardingStep = { key: OnboardingStepKey; done: boolean; href: string };

/** The steps from the facts: the rule of what "done" means, in one place. */
export function stepsOf(f: OnboardingFacts): OnboardingStep[] {
  const done: Record<OnboardingStepKey, boolean> = {
    program: f.programNamed,
    campaign: f.campaignWithRule,
    // Either way in: the snippet and /v1/track, or a payment provider's events.
    tracking: f.trackingSeen || f.providerConnected,
    join_page: f.joinPageUsed,
    affiliate: f.hasAffiliate,
    test_sale: f.testSaleSent,
  };
  return ONBOARDING_STEPS.map((key) => ({ key, done: done[key], href: STEP_HREF[key] }));
}

type FactsRow = {
  program_named: boolean;
  campaign_with_rule: boolean;
  tracking_seen: boolean;
  provider_connected: boolean;
  join_page_used: boolean;
  has_affiliate: boolean;
  test_sale_sent: boolean;
};

/**
 * The workspace's facts in one statement of `exists` probes, each stopping at its first row and
 * each on an index that starts with the workspace id (the test sale's: the audit log's
 * (workspace, target) index, its target being the workspace itself).
 */
export async function readOnboardingFacts(ctx: WorkspaceCtx): Promise<OnboardingFacts> {
  const ws = ctx.workspaceId;
  const [r] = await rowsOf<FactsRow>(ctx.db, sql`
    select
      exists (select 1 from workspace_settings s where s.workspace_id = ${ws} and coalesce(s.program_name, '') <> '') as program_named,
      exists (
        select 1 from commission_rules r join campaigns c on c.id = r.campaign_id and c.workspace_id = r.workspace_id
        where r.workspace_id = ${ws} and c.status = 'active'
      ) as campaign_with_rule,
      (exists (select 1 from conversions v where v.workspace_id = ${ws} and v.is_test = false)
        or exists (select 1 from clicks k where k.workspace_id = ${ws} and k.url is distinct from ${TEST_CLICK_URL})) as tracking_seen,
      exists (select 1 from integrations i where i.workspace_id = ${ws} and i.provider in ('stripe', 'paddle')) as provider_connected,
      (exists (select 1 from workspace_settings s where s.workspace_id = ${ws} and s.join_slug is not null)
        or exists (select 1 from affiliates a where a.workspace_id = ${ws} and a.applied_at is not null)) as join_page_used,
      exists (select 1 from affiliates a where a.workspace_id = ${ws} and a.status <> 'rejected') as has_affiliate,
      exists (
        select 1 from audit_events e where e.workspace_id = ${ws} and e.target_id = ${ws}::text and e.action = ${TEST_SALE_ACTION}
      ) as test_sale_sent
  `);
  return {
    programNamed: !!r.program_named,
    campaignWithRule: !!r.campaign_with_rule,
    trackingSeen: !!r.tracking_seen,
    providerConnected: !!r.provider_connected,
    joinPageUsed: !!r.join_page_used,
    hasAffiliate: !!r.has_affiliate,
    testSaleSent: !!r.test_sale_sent,
  };
}

export type OnboardingChecklist = { steps: OnboardingStep[]; providerConnected: boolean; trackingSeen: boolean };

/** The checklist of the workspace: its steps in order, each done or not, with where it is done. */
export async function readOnboardingChecklist(ctx: WorkspaceCtx): Promise<OnboardingChecklist> {
  const facts = await readOnboardingFacts(ctx);
  return { steps: stepsOf(facts), providerConnected: facts.providerConnected, trackingSeen: facts.trackingSeen };
}
