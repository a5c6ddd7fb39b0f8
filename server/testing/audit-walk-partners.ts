import { groups } from '@/db/schema';
import { updateAffiliate } from '../domain/affiliates/update-affiliate';
import { submitProof } from '../domain/bounties/submissions';
import { ctxOf, type WalkCase, type WalkFixture } from './audit-walk-fixture';

// The audit walk's cases for partner groups, move rules and bounties (docs/groups-bounties-recruiters.md).

// A partner group made in the database (the groups API is not needed to walk move rules).
const newGroup = async (f: WalkFixture, slug: string) =>
  (await f.api.db.insert(groups).values({ workspaceId: f.p.ws.id, name: slug, slug }).returning())[0].id;
const newMoveRule = async (f: WalkFixture, slug: string) =>
  (await f.rest('POST', '/v1/move-rules', { group_id: await newGroup(f, `${slug}-from`), target_group_id: await newGroup(f, `${slug}-to`), conditions: [{ metric: 'sales', at_least: 1 }] })).data.id as string;

const newBounty = async (f: WalkFixture, name: string) => (await f.rest('POST', '/v1/bounties', { name, type: 'submission', reward_amount: 500 })).data.id as string;
const proofOf = async (f: WalkFixture, name: string) => {
  const ctx = { db: f.api.db, workspaceId: f.p.ws.id, affiliateId: f.p.b.id, actor: { kind: 'affiliate' as const, affiliateId: f.p.b.id } };
  return (await submitProof({ ctx, bountyId: await newBounty(f, name), proofText: 'walked proof' })).id;
};

export const PARTNER_CASES: Record<string, WalkCase> = {
  'groups.create': { input: () => ({ name: 'Walked group', slug: 'walked' }) },
  'groups.update': { input: async (f) => ({ id: (await f.rest('POST', '/v1/groups', { name: 'Group', slug: 'walk-update' })).data.id, name: 'Group, renamed' }) },
  'groups.delete': { input: async (f) => ({ id: (await f.rest('POST', '/v1/groups', { name: 'Doomed', slug: 'walk-delete' })).data.id }) },
  'moveRules.create': { input: async (f) => ({ group_id: await newGroup(f, 'walk-mr-from'), target_group_id: await newGroup(f, 'walk-mr-to'), conditions: [{ metric: 'leads', at_least: 3 }] }) },
  'moveRules.update': { input: async (f) => ({ id: await newMoveRule(f, 'walk-mr-up'), position: 4 }) },
  'moveRules.delete': { input: async (f) => ({ id: await newMoveRule(f, 'walk-mr-del') }) },
  // an affiliate of its own group, which a rule moves on: the move is audited as the caller's
  'moveRules.run': {
    input: async (f) => {
      const [from, to] = [await newGroup(f, 'walk-run-from'), await newGroup(f, 'walk-run-to')];
      const a = await f.rest('POST', '/v1/affiliates', { email: 'walk-moved@example.com', name: 'Moved', status: 'active', campaign_id: f.p.campaign.id });
      await updateAffiliate({ ctx: ctxOf(f), id: a.data?.id ?? a.id, patch: { groupId: from } });
      await f.rest('POST', '/v1/move-rules', { group_id: from, target_group_id: to, conditions: [{ metric: 'days_enrolled', at_least: 0 }] });
      return {};
    },
  },
  'bounties.create': { input: () => ({ name: 'Walked bounty', type: 'submission', reward_amount: 500 }) },
  'bounties.update': { input: async (f) => ({ id: await newBounty(f, 'Bounty to rename'), name: 'Bounty, renamed' }) },
  'bounties.archive': { input: async (f) => ({ id: await newBounty(f, 'Bounty to archive') }) },
  'bountySubmissions.review': { input: async (f) => ({ id: await proofOf(f, 'Bounty to approve'), status: 'approved' }) },
  'portal.submitBountyProof': { via: 'portal', input: async (f) => ({ bounty_id: await newBounty(f, 'Bounty to prove'), proof_url: 'https://video.example.com/walk' }) },
};
