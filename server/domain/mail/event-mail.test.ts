import { describe, expect, it } from 'vitest';
import { mailForEvent, MAIL_EVENT_TYPES } from './event-mail';

// The group_changed e-mail from affiliate.group_changed (docs/emails.md#kinds); the rest of the
// mapping is exercised through the job in from-events.test.ts.
describe('affiliate.group_changed', () => {
  const event = (data: Record<string, unknown>) => ({ id: 'evt_1', type: 'affiliate.group_changed', payload: { timestamp: '2026-11-29T12:00:00Z', data } });

  it('is read by the job', () => {
    expect(MAIL_EVENT_TYPES).toContain('affiliate.group_changed');
  });

  it('makes a group_changed e-mail naming the new group, keyed by the event', () => {
    expect(mailForEvent(event({ id: 'aff_1', group_id: 'grp_new', previous_group_id: 'grp_old' }))).toEqual({
      kind: 'group_changed', affiliateId: 'aff_1', dedupeKey: 'group_changed:evt_1', values: {}, groupId: 'grp_new',
    });
  });

  it('makes none without an affiliate or a group', () => {
    expect(mailForEvent(event({ group_id: 'grp_new' }))).toBeNull();
    expect(mailForEvent(event({ id: 'aff_1' }))).toBeNull();
  });

  it('affiliate.updated of the same move makes no e-mail of its own', () => {
    expect(mailForEvent({ id: 'evt_2', type: 'affiliate.updated', payload: { timestamp: '2026-11-29T12:00:00Z', data: { id: 'aff_1', status: 'active', approved_at: '2025-01-01T00:00:00Z', group_id: 'grp_new' } } })).toBeNull();
  });
});
