import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api';
import { clickFarm, honestTraffic, seedProgram, seedRiskAffiliate, type Program } from '../../testing/risk-fixtures';

// A local stand-in for an OpenAI-compatible endpoint: it records what it was sent and answers
// with a chat completion (or an error when told to).
type Completion = { model: string; messages: { role: string; content: string }[] };
type Seen = { path: string; auth: string | undefined; body: Completion };
let seen: Seen[] = [];
let failWith: number | null = null;
const REWRITTEN = 'Rewritten by the model: 2,400 clicks from 3 addresses; conversion rate far below the workspace.';
const fake: Server = createServer((req, res) => {
  let text = '';
  req.on('data', (c) => (text += c));
  req.on('end', () => {
    seen.push({ path: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(text) });
    if (failWith) return res.writeHead(failWith).end('{"error":"overloaded"}');
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: REWRITTEN }, finish_reason: 'stop' }] }));
  });
});

let api: TestApi;
let ws: Awaited<ReturnType<TestApi['workspace']>>;
let program: Program;
beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  // Read through the one config, as the server reads it at start.
  api = await startTestApi({ RISK_LLM_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`, RISK_LLM_API_KEY: 'sk-test-key' });
  ws = await api.workspace(['*']);
  program = await seedProgram(api.db, ws.id, 6);
});
afterEach(() => {
  seen = [];
  failWith = null;
});
afterAll(async () => {
  await api.close();
  await new Promise((resolve) => fake.close(resolve));
});

let farms = 0;
const farm = async () => {
  const a = await seedRiskAffiliate(api.db, program, { email: `farmer${++farms}@example.com`, name: 'Farmer Jo' });
  await clickFarm(api.db, program, a.id);
  return a;
};
const assess = (affiliateId: string) => api.call('POST', '/v1/risk/assessments', { token: ws.token, body: { affiliate_id: affiliateId } });

describe('summary rewriting through RISK_LLM_URL', () => {
  it('uses the chat completion for the summary, sending numbers but no personal data', async () => {
    const a = await farm();
    const res = await assess(a.id);
    expect(res.status).toBe(201);
    expect(res.body.data.summary).toBe(REWRITTEN);
    expect(res.body.data.evidence.summary_by).toBe('llm');
    expect(seen).toHaveLength(1);
    expect(seen[0].path).toBe('/v1/chat/completions');
    expect(seen[0].auth).toBe('Bearer sk-test-key');
    expect(seen[0].body.messages[0].role).toBe('system');
    const sent = JSON.parse(seen[0].body.messages[1].content);
    expect(sent.draft).toMatch(/^Risk \d+\/100 \(critical\)/);
    expect(sent.evidence.ip_concentration.top3_clicks).toBe(2400);
    const raw = JSON.stringify(seen[0].body);
    expect(raw).not.toContain(a.email);
    expect(raw).not.toContain('Farmer Jo');
  });

  it('keeps the rule-built summary when the endpoint fails', async () => {
    failWith = 503;
    const a = await farm();
    const res = await assess(a.id);
    expect(res.status).toBe(201);
    expect(seen).toHaveLength(1);
    expect(res.body.data.evidence.summary_by).toBe('rules');
    expect(res.body.data.summary).toMatch(/^Risk \d+\/100 \(critical\) over the last 30 days: /);
  });

  it('does not call the model for a low-risk assessment', async () => {
    const a = await seedRiskAffiliate(api.db, program);
    await honestTraffic(api.db, program, a.id, 9, 0.03);
    const res = await assess(a.id);
    expect(res.body.data.risk_level).toBe('low');
    expect(res.body.data.evidence.summary_by).toBe('rules');
    expect(seen).toHaveLength(0);
  });
});
