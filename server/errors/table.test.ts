import { describe, expect, it, vi } from 'vitest';
import { RefcountError } from './errors';
import { toApiError } from './table';

describe('toApiError', () => {
  it('recognises an error thrown by another copy of the errors module (the Next bundle)', async () => {
    vi.resetModules();
    const other = await import('./errors');
    expect(other.RefcountError).not.toBe(RefcountError);
    const err = new other.RefcountError('rate_limited', 'rate limit exceeded', { retryAfter: 7 });
    expect(err instanceof RefcountError).toBe(false);
    const api = toApiError(err, undefined, 'req-1');
    expect(api).toMatchObject({ status: 429, body: { error: 'rate_limited' }, headers: { 'Retry-After': '7' }, unexpected: false });
  });

  it('still answers anything unknown with internal_error and the request id only', () => {
    const api = toApiError(Object.assign(new Error('select * from secrets'), { code: 'rate_limited' }), undefined, 'req-2');
    expect(api).toEqual({ status: 500, body: { error: 'internal_error', detail: 'req-2' }, headers: {}, unexpected: true });
  });
});
