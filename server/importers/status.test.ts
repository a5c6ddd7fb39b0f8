import { describe, expect, it } from 'vitest';
import { affiliateOf as rewardfulAffiliate } from './rewardful/source';
import { affiliateStatusOf } from './status';

describe('a peer affiliate state as our status', () => {
  const table = { active: 'active', blocked: 'suspended', not_set: null } as const;

  it('maps the states its table names, and lists the rest as pending', () => {
    expect(affiliateStatusOf(table, 'active', 'state')).toEqual({ status: 'active', unmappable: [] });
    expect(affiliateStatusOf(table, 'blocked', 'state')).toEqual({ status: 'suspended', unmappable: [] });
    expect(affiliateStatusOf(table, 'not_set', 'state')).toEqual({ status: 'pending', unmappable: ['state not_set has no match: imported as pending'] });
    expect(affiliateStatusOf(table, 'vanished', 'status')).toEqual({ status: 'pending', unmappable: ['status vanished has no match: imported as pending'] });
  });

  it('never answers a prototype member for a state named like one', () => {
    for (const odd of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(affiliateStatusOf(table, odd, 'state')).toEqual({ status: 'pending', unmappable: [`state ${odd} has no match: imported as pending`] });
    }
    const a = rewardfulAffiliate({ id: 'x', email: 'x@example.com', first_name: null, last_name: null, state: 'constructor', links: [], campaign: null } as unknown as Parameters<typeof rewardfulAffiliate>[0]);
    expect(a.status).toBe('pending');
  });
});
