import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientSchemaPath, clientSchemaSource } from '../../scripts/openapi/client-schema';
import { startTestApi, type TestApi } from '../../server/testing/api';

// The typed client against today's routers (docs/client-and-mcp.md): the committed types are
// what the generator writes now, the client and the README's example compile against them, and
// the example, run as written, does what it says against a started server.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const entry = here('./src/index.ts');
const readmeExample = () => {
  const blocks = [...readFileSync(here('./README.md'), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
  expect(blocks).toHaveLength(1);
  return blocks[0];
};

describe('the typed client', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('is generated from the current /v1 document (npm run client:generate)', async () => {
    expect(readFileSync(clientSchemaPath, 'utf8') === (await clientSchemaSource()), 'clients/typescript/src/schema.d.ts drifted: npm run client:generate').toBe(true);
  });

  it('compiles, and so does the README example; a wrong field does not', () => {
    const dir = mkdtempSync(join(tmpdir(), 'refcount-client-'));
    const compile = (source: string) => {
      const file = join(dir, `example-${Math.random().toString(36).slice(2)}.ts`);
      writeFileSync(file, `${source}\nexport {};\n`);
      const program = ts.createProgram([entry, file], {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        types: ['node'],
        typeRoots: [here('../../node_modules/@types')],
        baseUrl: here('.'),
        paths: { '@refcount/client': [entry] },
      });
      return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    };
    expect(compile(readmeExample())).toEqual([]);
    // The same example with a field the contract does not have must not compile.
    const wrong = compile(readmeExample().replace("amount: 4900", "amount_cents: 4900"));
    expect(wrong.join('\n')).toMatch(/amount_cents/);
  }, 120_000);

  it('runs the README example against a started server: the affiliate, its sale and its commission', async () => {
    const ws = await api.workspace(['*']);
    const dir = mkdtempSync(join(tmpdir(), 'refcount-client-run-'));
    const file = join(dir, 'example.ts');
    writeFileSync(file, readmeExample().replace("'@refcount/client'", JSON.stringify(entry)));
    process.env.REFCOUNT_URL = `${api.url}/v1`;
    process.env.REFCOUNT_API_KEY = ws.token;
    const printed: unknown[][] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args) => void printed.push(args));
    try {
      await import(file);
    } finally {
      log.mockRestore();
      delete process.env.REFCOUNT_URL;
      delete process.env.REFCOUNT_API_KEY;
    }
    const affiliates = await api.call('GET', '/v1/affiliates?q=ana%40example.com', { token: ws.token });
    expect(affiliates.body.data).toHaveLength(1);
    const ana = affiliates.body.data[0];
    const conversions = await api.call('GET', `/v1/conversions?affiliate_id=${ana.id}`, { token: ws.token });
    expect(conversions.body.data.map((c: { external_id: string; amount: number }) => [c.external_id, c.amount])).toEqual([['order_1001', 4900]]);
    const commissions = await api.call('GET', `/v1/commissions?affiliate_id=${ana.id}`, { token: ws.token });
    // 30% of $49.00, the example's rule.
    expect(commissions.body.data.map((c: { amount: number }) => c.amount)).toEqual([1470]);
    expect(printed).toEqual(commissions.body.data.map((c: { status: string; amount: number; currency: string }) => [c.status, c.amount, c.currency]));
  });
});
