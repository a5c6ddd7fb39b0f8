import { describe, expect, it } from 'vitest';
import { createCampaignInput } from '@/server/routers/campaigns/create-campaign.types';
import { createRewardInput } from '@/server/routers/rewards/create-reward.types';
import { createWebhookInput } from '@/server/routers/webhooks/create-webhook.types';
import { apiFieldError, fieldErrorsOf, fieldOf } from './field-errors';

const issuesOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, input: unknown) => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error('expected the input to be refused');
  return r.error!.issues;
};

describe('fieldErrorsOf: the contract schema\'s issues, one message per field, all at once', () => {
  it('names both fields of a new campaign with an empty name and a plain-http landing page', () => {
    const errors = fieldErrorsOf(issuesOf(createCampaignInput, { name: '', destination_url: 'http://shop.example.com' }));
    expect(errors).toEqual({ name: 'Name is required.', destination_url: 'Landing page must start with https://.' });
  });

  it('keys a nested field by its path (terms.amount) and a list entry by its list (events)', () => {
    const reward = fieldErrorsOf(issuesOf(createRewardInput, { name: '', terms: { is_flat: false, amount: NaN, length_type: 'limited', length_months: 0 } }));
    expect(reward).toEqual({ name: 'Name is required.', 'terms.amount': 'Amount must be a number.', 'terms.length_months': 'Months must be at least 1.' });
    const hook = fieldErrorsOf(issuesOf(createWebhookInput, { url: 'not a url', events: ['no.such_event'] }));
    expect(Object.keys(hook).sort()).toEqual(['events', 'url']);
  });

  it('keeps the first message of a field with several issues, and leaves out issues naming no field', () => {
    const errors = fieldErrorsOf([
      { path: ['name'], message: 'Too small: expected string to have >=1 characters' },
      { path: ['name'], message: 'second' },
      { path: [], message: 'Unrecognized key: "zzz"' },
    ]);
    expect(errors).toEqual({ name: 'Name is required.' });
  });
});

describe('apiFieldError: the field a server refusal names', () => {
  it('reads the field of <field>_required, invalid_request and unknown_resource', () => {
    expect(apiFieldError({ error: 'name_required' })).toEqual({ field: 'name', message: 'Name is required.' });
    expect(apiFieldError({ error: 'invalid_request', detail: 'destination_url: must be an https URL' })).toEqual({ field: 'destination_url', message: 'Landing page must start with https://.' });
    expect(apiFieldError({ error: 'invalid_request', detail: 'terms.amount: Too big: expected number to be <=100' })?.field).toBe('terms.amount');
    expect(apiFieldError({ error: 'invalid_request', detail: 'events.2: Invalid option: expected one of "a"|"b"' })?.field).toBe('events');
    expect(apiFieldError({ error: 'unknown_resource', detail: 'campaign_id does not exist' })?.field).toBe('campaign_id');
  });

  it('gives null for a refusal of the whole form', () => {
    expect(apiFieldError({ error: 'rate_limited' })).toBeNull();
    expect(apiFieldError({ error: 'invalid_request', detail: 'unknown field: zzz' })).toBeNull();
    expect(apiFieldError({ error: 'invalid_request', detail: 'the body is not an object' })).toBeNull();
    expect(apiFieldError({ error: 'conflict', detail: 'ref_code taken' })).toBeNull();
  });

  it('fieldOf drops list positions', () => {
    expect(fieldOf(['events', 0])).toBe('events');
    expect(fieldOf(['terms', 'amount'])).toBe('terms.amount');
  });
});
