import { describe, expect, it } from 'vitest';
import { selfRecruitSignals, type RecruitParty } from './self-recruit';

const party = (over: Partial<RecruitParty> = {}): RecruitParty => ({ inboxes: [], devices: [], payoutAccounts: [], ...over });

describe('selfRecruitSignals', () => {
  it('finds nothing between strangers, nor between empty values', () => {
    expect(selfRecruitSignals({ recruiter: party({ inboxes: ['a@x.com'], devices: ['i:1'], payoutAccounts: ['stripe:acct_1'] }), recruit: party({ inboxes: ['b@x.com'], devices: ['i:2'], payoutAccounts: ['stripe:acct_2'] }) })).toEqual([]);
    expect(selfRecruitSignals({ recruiter: party({ inboxes: [''] }), recruit: party({ inboxes: [''] }) })).toEqual([]);
  });
  it('the same inbox, as sign-in or payout e-mail', () => {
    expect(selfRecruitSignals({ recruiter: party({ inboxes: ['ann@gmail.com'] }), recruit: party({ inboxes: ['ann@gmail.com'] }) })).toEqual(['email']);
    expect(selfRecruitSignals({ recruiter: party({ inboxes: ['ann@gmail.com', 'pay@x.com'] }), recruit: party({ inboxes: ['new@y.com', 'pay@x.com'] }) })).toEqual(['email']);
  });
  it('a shared device: fingerprint or address', () => {
    expect(selfRecruitSignals({ recruiter: party({ devices: ['f:abc', 'i:1'] }), recruit: party({ devices: ['f:abc'] }) })).toEqual(['device']);
    expect(selfRecruitSignals({ recruiter: party({ devices: ['i:9'] }), recruit: party({ devices: ['i:9'] }) })).toEqual(['device']);
    expect(selfRecruitSignals({ recruiter: party({ devices: ['f:9'] }), recruit: party({ devices: ['i:9'] }) })).toEqual([]);
  });
  it('the same payout account', () => {
    expect(selfRecruitSignals({ recruiter: party({ payoutAccounts: ['paypal:ann@gmail.com'] }), recruit: party({ payoutAccounts: ['paypal:ann@gmail.com'] }) })).toEqual(['payout_method']);
    expect(selfRecruitSignals({ recruiter: party({ payoutAccounts: ['stripe:acct_1'] }), recruit: party({ payoutAccounts: ['stripe:acct_1'] }) })).toEqual(['payout_method']);
  });
  it('every signal at once', () => {
    const p = party({ inboxes: ['a@x.com'], devices: ['f:1'], payoutAccounts: ['stripe:acct_1'] });
    expect(selfRecruitSignals({ recruiter: p, recruit: p })).toEqual(['email', 'device', 'payout_method']);
  });
});
