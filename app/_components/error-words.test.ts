import { describe, expect, it } from 'vitest';
import { errorWords } from './error-words';

describe('errorWords', () => {
  it.each([
    [{ error: 'invalid_request', detail: 'destination_url: must be an https URL' }, 'Landing page must start with https://.'],
    [{ error: 'invalid_request', detail: 'cookie_window_days: Too big: expected number to be <=3650' }, 'Cookie window must be at most 3650.'],
    [{ error: 'invalid_request', detail: 'email: Invalid email address' }, 'E-mail is not an e-mail address.'],
    [{ error: 'invalid_request', detail: 'terms.amount: a percentage is above 0 and at most 100, with at most 2 decimals' }, 'Amount: a percentage is above 0 and at most 100, with at most 2 decimals.'],
    [{ error: 'name_required', detail: 'name is required' }, 'Name is required.'],
    [{ error: 'insufficient_scope', need: 'write' }, 'Your role cannot do this: ask an owner or an admin.'],
    [{ error: 'unknown_resource', detail: 'campaign_id does not name a record of this workspace' }, 'Campaign does not match anything in this program: choose it again.'],
    [{ error: 'invalid_state', detail: 'this install already has an owner' }, 'This install already has an owner.'],
    [{ error: 'internal_error', detail: 'req-1' }, 'Something went wrong on our side; try again. If it keeps happening, quote reference req-1.'],
  ])('%j', (api, words) => {
    expect(errorWords(api)).toBe(words);
  });
  it('never shows a field name with underscores', () => {
    expect(errorWords({ error: 'invalid_request', detail: 'some_field: Invalid input' })).toBe('Some field: Invalid input.');
  });
});
