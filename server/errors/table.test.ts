import { TRPCError } from '@trpc/server';
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

  it("maps what tRPC's HTTP adapter refuses to the same codes as /v1, never a 500", () => {
    const cases: [TRPCError, number, string][] = [
      [new TRPCError({ code: 'NOT_FOUND', message: 'No procedure found on path "x"' }), 404, 'unknown_resource'],
      [new TRPCError({ code: 'METHOD_NOT_SUPPORTED', message: 'Unsupported GET-request' }), 405, 'method_not_allowed'],
      [new TRPCError({ code: 'BAD_REQUEST', message: 'Unexpected end of JSON input', cause: new SyntaxError('Unexpected end') }), 400, 'invalid_json'],
      [new TRPCError({ code: 'PARSE_ERROR', message: 'Not JSON-parsable query params' }), 400, 'invalid_json'],
      [new TRPCError({ code: 'BAD_REQUEST', message: 'Batching is not enabled on the server' }), 400, 'invalid_request'],
      [new TRPCError({ code: 'BAD_REQUEST', message: 'x', cause: new TypeError('Failed to parse body as FormData.') }), 400, 'invalid_request'],
      [new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content-type' }), 415, 'unsupported_media_type'],
      [new TRPCError({ code: 'PAYLOAD_TOO_LARGE' }), 413, 'payload_too_large'],
    ];
    for (const [err, status, error] of cases) {
      expect(toApiError(err, undefined, 'r'), err.message).toMatchObject({ status, body: { error }, unexpected: false });
    }
    // A cause's own text never reaches the body.
    expect(toApiError(cases[5][0], undefined, 'r').body.detail).toBe('request body could not be read');
    expect(toApiError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: new Error('select 1') }), undefined, 'r3')).toMatchObject({ status: 500, unexpected: true });
  });
});
