import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliateKey } from '../../domain/keys/affiliate-keys';
import { startTestApi, type TestApi } from '../../testing/api';
import { documentedCodes, example, NASTY_TEXT, NASTY_VALUES, type Doc, type Known, type Operation } from '../../testing/openapi-fuzz';
import { startProgram, type Program } from '../../testing/program';
import { TEST_ACTOR } from '../../testing/seed';

// Every operation of /v1/openapi.json with malformed, oversized, wrong-type, NUL and unicode
// input: none may answer 5xx, and every error must be one the operation documents. Bounded:
// a fixed table per field plus a seeded run of random JSON bodies.
let api: TestApi;
let p: Program;
let doc: Doc;
let affiliateToken: string;
const known: Known = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_PER_MINUTE: '1000000', WEBHOOK_ALLOW_PRIVATE_URLS: 'false' });
  p = await startProgram(api, { prefix: 'fz' });
  doc = (await api.call('GET', '/v1/openapi.json')).body;
  const sale = await p.sale('fuzz-sale');
  const commissions = await api.call('GET', `/v1/commissions?conversion_id=${sale}`, { token: p.token });
  const product = await api.call('POST', '/v1/products', { token: p.token, body: { provider_product_id: 'prod_fuzz', name: 'Fuzz' } });
  const reward = await api.call('POST', '/v1/rewards', { token: p.token, body: { name: 'Fuzz reward', type: 'cash', terms: { amount: 10 } } });
  Object.assign(ids, {
    campaigns: p.campaign.id,
    affiliates: p.a.id,
    conversions: sale,
    commissions: commissions.body.data[0].id,
    products: product.body.data.id,
    rewards: reward.body.data.id,
  });
  Object.assign(known, { affiliate_id: p.a.id, campaign_id: p.campaign.id, library_reward_id: ids.rewards, external_id: 'fuzz-sale', ref: 'fza' });
  affiliateToken = (await createAffiliateKey({ ctx: { db: api.db, workspaceId: p.ws.id, actor: TEST_ACTOR }, affiliateId: p.a.id })).token;
});
afterAll(() => api.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op })));

/** The path with its parameters: a real id of the addressed kind, or `override`. */
const pathOf = (path: string, override?: string) =>
  '/v1' + path.replace(/\{(\w+)\}/g, (_m, name) => override ?? (name === 'id' ? (ids[path.split('/')[1]] ?? known.affiliate_id) : '0195a0a0-0000-7000-8000-000000000001'));

async function send(method: string, path: string, op: Operation, init: { body?: string; query?: string } = {}) {
  const token = path.startsWith('/v1/affiliate/') ? affiliateToken : p.token;
  const res = await fetch(api.url + path + (init.query ?? ''), {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: init.body,
  });
  const body = res.status === 204 ? null : await res.json().catch(() => null);
  const where = `${method} ${path}${init.query ?? ''} ${(init.body ?? '').slice(0, 120)} → ${res.status} ${JSON.stringify(body)}`;
  expect(res.status, where).toBeLessThan(500);
  if (res.status >= 400) expect(documentedCodes(op, res.status), where).toContain(body?.error);
}

// A lone surrogate has no UTF-8 form: send the bytes a careless client would (CESU-8).
const encode = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ED%A0%80';
  }
};

const bodySchema = (op: Operation) => op.requestBody?.content['application/json']?.schema;

describe('every operation refuses bad input with a documented 4xx', () => {
  it('a broken value in each body field, and bodies that are not objects at all', async () => {
    for (const { path, method, op } of operations()) {
      const schema = bodySchema(op);
      if (!schema) continue;
      const base = example(doc, schema, known) as Record<string, unknown>;
      const resolved = schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!] : schema;
      const fields = [...Object.keys(resolved.properties ?? {}), 'unknown_field'];
      await send(method, pathOf(path), op, { body: JSON.stringify(base) });
      for (const field of fields) {
        for (const value of NASTY_VALUES) await send(method, pathOf(path), op, { body: JSON.stringify({ ...base, [field]: value }) });
      }
      const deep = '{"a":' + '['.repeat(10_000) + ']'.repeat(10_000) + '}'; // valid JSON, deeper than a recursive walk goes
      for (const raw of ['null', '[]', '"x"', '{', '{"a":' + '['.repeat(5000), deep, JSON.stringify({ big: 'x'.repeat(70_000) })]) {
        await send(method, pathOf(path), op, { body: raw });
      }
    }
  }, 300_000);

  it('a broken value in each query parameter and each path parameter', async () => {
    for (const { path, method, op } of operations()) {
      const query = (op.parameters ?? []).filter((q) => q.in === 'query');
      for (const q of query) for (const v of NASTY_TEXT) await send(method, pathOf(path), op, { query: `?${q.name}=${encode(v)}` });
      if (!path.includes('{')) continue;
      // (An empty segment is another path, answered unknown_resource like any unknown path.)
      for (const v of NASTY_TEXT.filter(Boolean)) {
        const raw = v.startsWith('%') ? v : encode(v);
        await send(method, pathOf(path, raw), op, bodySchema(op) ? { body: '{}' } : {});
      }
    }
  }, 300_000);

  it('random JSON bodies (seeded)', async () => {
    const bodyOps = operations().filter(({ op }) => bodySchema(op));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...bodyOps), fc.jsonValue({ maxDepth: 3 }), async ({ path, method, op }, value) => {
        await send(method, pathOf(path), op, { body: JSON.stringify(value) });
      }),
      { seed: 20261123, numRuns: 300 },
    );
  }, 300_000);
});
