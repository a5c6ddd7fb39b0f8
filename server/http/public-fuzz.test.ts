import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LINKS_PER_MINUTE } from '../auth/sign-in-link-limit';
import { MAX_BATCH_SIZE } from './trpc-handler';
import { appRouter } from '../routers/root';
import { startTestApi, type TestApi } from '../testing/api';
import { limiterFromAnotherCopy, loggedIncidents, startAppServer } from '../testing/app-server';
import { documentedStatus, example, NASTY_VALUES, type Doc } from '../testing/openapi-fuzz';
import { startProgram } from '../testing/program';

// Every procedure of the router through the dashboard's and portal's tRPC endpoints, as an
// anonymous browser reaches them: the public ones (the join page, sign-up, sign-in links,
// password resets) with a broken value in each field, bodies that are not JSON, too big or of
// another media type, the wrong method and their budgets spent; the rest must answer 401. No
// answer may be a 5xx, and each status is the one docs/errors.md gives its code. The e-mail
// budget comes from another copy of its library, as the lean entry's limiters are to Next's code.
let api: TestApi;
let app: Awaited<ReturnType<typeof startAppServer>>;
let incidents: string[];
let program: string;

beforeAll(async () => {
  // Each request says its own address (X-Forwarded-For from loopback): per-address budgets stay
  // out of the way, and the per-e-mail one is what a test spends.
  api = await startTestApi({ TRUST_PROXY: 'loopback' });
  api.services.signInLinkLimiter.limiter = limiterFromAnotherCopy(SIGN_IN_LINKS_PER_MINUTE).limiter;
  app = await startAppServer(api);
  incidents = loggedIncidents();
  program = (await startProgram(api, { prefix: 'pf' })).ws.publicId;
});
afterAll(async () => {
  await app.close();
  await api.close();
});

type ProcedureDef = { _def: { type: 'query' | 'mutation'; meta?: { public?: true }; inputs: z.ZodType[] } };
type Procedure = { path: string; type: 'query' | 'mutation'; isPublic: boolean; input?: z.ZodType };
// From the router itself: a procedure added tomorrow is walked too.
const PROCEDURES: Procedure[] = Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureDef>).map(
  ([path, { _def }]) => ({ path, type: _def.type, isPublic: _def.meta?.public === true, input: _def.inputs[0] }),
);
const PUBLIC = PROCEDURES.filter((proc) => proc.isPublic);
const ENDPOINTS = ['/api/trpc', '/portal/api/trpc'];
let sent = 0;

/** A valid input built from the procedure's own schema, with a fresh e-mail so no budget runs out. */
function validInput(proc: Procedure): Record<string, unknown> {
  if (!proc.input) return {};
  const schema = z.toJSONSchema(proc.input, { io: 'input', unrepresentable: 'any' }) as { $defs?: Doc['components']['schemas'] };
  const doc = { components: { schemas: schema.$defs ?? {} }, paths: {} } as Doc;
  return example(doc, schema as never, { program, email: `fuzz${++sent}@example.com` }) as Record<string, unknown>;
}

type Sent = { method?: string; input?: unknown; raw?: string; contentType?: string | null };
type Answer = { status: number; headers: Headers; code: string | undefined; where: string };

/** One call over HTTP; asserts it is no 5xx and that its status is its code's in docs/errors.md. */
async function send(endpoint: string, path: string, how: Sent & { type: Procedure['type'] }): Promise<Answer> {
  const method = how.method ?? (how.type === 'query' ? 'GET' : 'POST');
  const text = how.raw ?? (how.input === undefined ? undefined : JSON.stringify(how.input));
  const inUrl = method === 'GET';
  const query = inUrl && text !== undefined ? `?input=${encodeURIComponent(text)}` : '';
  const n = ++sent;
  const headers: Record<string, string> = { 'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
  const contentType = how.contentType === undefined ? 'application/json' : how.contentType;
  if (!inUrl && contentType !== null) headers['Content-Type'] = contentType;
  const res = await fetch(`${app.url}${endpoint}/${path}${query}`, { method, headers, body: inUrl ? undefined : text });
  const body = await res.json().catch(() => null);
  const code = body?.error?.data?.api?.error;
  const answer = JSON.stringify(body?.error?.data?.api ?? body).slice(0, 200);
  const where = `${method} ${endpoint}/${path} ${(text ?? '').slice(0, 100)} → ${res.status} ${answer}`;
  expect(res.status, where).toBeLessThan(500);
  if (res.status >= 400) expect(documentedStatus(code ?? ''), where).toBe(res.status);
  return { status: res.status, headers: res.headers, code, where };
}

const expectAnswer = (a: Answer, status: number, code?: string) => {
  expect(a.status, a.where).toBe(status);
  if (code) expect(a.code, a.where).toBe(code);
};
const hasNul = (v: unknown) => JSON.stringify(v).includes('\\u0000');

describe('the public procedures refuse bad input with the documented 4xx', () => {
  it('the router has public procedures, and only those answer an anonymous caller', async () => {
    const named = ['join.submit', 'portal.requestSignInLink', 'team.requestPasswordReset'];
    expect(PUBLIC.map((proc) => proc.path)).toEqual(expect.arrayContaining(named));
    for (const proc of PROCEDURES.filter((x) => !x.isPublic)) {
      for (const endpoint of ENDPOINTS) {
        expectAnswer(await send(endpoint, proc.path, { type: proc.type, input: {} }), 401, 'unauthorized');
      }
    }
  });

  it('a broken value in each field: NUL characters are refused before they reach the database', async () => {
    for (const proc of PUBLIC) {
      const call = (input: unknown) => send('/api/trpc', proc.path, { type: proc.type, input });
      const valid = validInput(proc);
      await call(valid);
      // A field's values at once: independent calls (each its own e-mail and address).
      for (const field of [...Object.keys(valid), 'unknown_field']) {
        await Promise.all(
          NASTY_VALUES.map(async (value) => {
            const a = await call({ ...validInput(proc), [field]: value });
            if (hasNul(value)) expectAnswer(a, 400, 'invalid_request');
          }),
        );
      }
      expectAnswer(await call({ ...valid, 'key\u0000': 'x' }), 400, 'invalid_request');
      for (const input of [null, [], 'x', 1, { nested: { deeper: ['\u0000'] } }]) expectAnswer(await call(input), 400);
    }
  }, 120_000);

  it('bodies that are not JSON, too deep, too big or of another media type', async () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    for (const proc of PROCEDURES) await send('/api/trpc', proc.path, { type: proc.type, raw: '{' });
    for (const proc of PUBLIC) {
      const call = (how: Sent) => send('/api/trpc', proc.path, { type: proc.type, ...how });
      expectAnswer(await call({ raw: '{' }), 400, 'invalid_json');
      expectAnswer(await call({ raw: `{"a":${'['.repeat(1000)}` }), 400, 'invalid_json');
      // (A query's input travels in the URL, which Node bounds at 16 KiB before any of our code.)
      expectAnswer(await call({ raw: deep(proc.type === 'query' ? 1_000 : 20_000) }), 400);
      if (proc.type === 'query') continue;
      for (const size of [70_000, 2_000_000]) {
        expectAnswer(await call({ raw: JSON.stringify({ big: 'x'.repeat(size) }) }), 413, 'payload_too_large');
      }
      const multipart = '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--x--\r\n';
      for (const [raw, contentType] of [
        [multipart, 'multipart/form-data; boundary=x'],
        ['xx', 'application/octet-stream'],
        ['email=a', 'text/plain'],
        ['{}', null],
      ]) {
        expectAnswer(await call({ raw: raw!, contentType }), 415, 'unsupported_media_type');
      }
    }
  }, 60_000);

  it('an unknown procedure is 404; a query sent as POST, a mutation as GET, or PUT are 405 with Allow', async () => {
    for (const endpoint of ENDPOINTS) {
      for (const path of ['nope.nope', 'join', '', 'join.program.x', '%00']) {
        for (const type of ['query', 'mutation'] as const) {
          expectAnswer(await send(endpoint, path, { type, input: {} }), 404, 'unknown_resource');
        }
      }
    }
    for (const proc of PROCEDURES) {
      for (const method of [proc.type === 'query' ? 'POST' : 'GET', 'PUT']) {
        const a = await send('/api/trpc', proc.path, { type: proc.type, method, input: {} });
        expectAnswer(a, 405, 'method_not_allowed');
        expect(a.headers.get('allow'), a.where).toBe(proc.type === 'query' ? 'GET' : 'POST');
      }
    }
  }, 60_000);

  it('a batch answers each call with its own status (207 when they differ)', async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: { program }, 1: { program: 'a\u0000' } }));
    const res = await fetch(`${app.url}/api/trpc/join.program,join.program,nope?batch=1&input=${input}`);
    expect(res.status).toBe(207);
    const answers = (await res.json()) as { result?: unknown; error?: { data: { httpStatus: number } } }[];
    expect(answers.map((a) => a.error?.data.httpStatus ?? 200)).toEqual([200, 400, 404]);
  });

  it('a batch of more calls than the client ever sends is refused whole, before any runs', async () => {
    const paths = Array.from({ length: MAX_BATCH_SIZE + 1 }, () => 'join.program').join(',');
    const input = encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: MAX_BATCH_SIZE + 1 }, (_, i) => [i, { program }]))));
    const res = await fetch(`${app.url}/api/trpc/${paths}?batch=1&input=${input}`);
    expect(res.status).toBe(400);
    const ok = await fetch(`${app.url}/api/trpc/${paths.split(',').slice(1).join(',')}?batch=1&input=${input}`);
    expect(ok.status).toBe(200);
  });

  it('a spent budget is 429 with Retry-After, never a 500 (the e-mail budget is another copy)', async () => {
    for (const proc of PUBLIC.filter((x) => x.type === 'mutation')) {
      const input = { ...validInput(proc), email: `budget-${proc.path}@example.com` };
      const answers: Answer[] = [];
      for (let i = 0; i <= SIGN_IN_LINKS_PER_MINUTE; i++) answers.push(await send('/api/trpc', proc.path, { type: proc.type, input }));
      for (const a of answers.filter((x) => x.status === 429)) {
        expect(a.code, a.where).toBe('rate_limited');
        expect(Number(a.headers.get('retry-after')), a.where).toBeGreaterThanOrEqual(1);
      }
      // The procedures that e-mail an address spend its budget: the last of these calls is over it.
      const mails = ['join.submit', 'portal.requestSignInLink', 'team.requestPasswordReset'].includes(proc.path);
      if (mails) expectAnswer(answers.at(-1)!, 429, 'rate_limited');
    }
  });

  it('every answer names its request in X-Request-Id', async () => {
    const a = await send('/api/trpc', 'nope', { type: 'query' });
    expect(a.headers.get('x-request-id'), a.where).toMatch(/^[\w-]{8,}$/);
  });
});

it('logged no incident: every answer above was an expected one', () => {
  expect(incidents).toEqual([]);
});
