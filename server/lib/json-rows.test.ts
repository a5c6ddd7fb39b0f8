import { describe, expect, it } from 'vitest';
import { commissions } from '@/db/schema';
import { jsonColumns, jsonParam, jsonRow } from './json-rows';

// What the database stores for a string sent as a text parameter: each lone surrogate as U+FFFD.
const asText = (s: string) => s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
// What PostgreSQL refuses in JSON text: an escaped surrogate that is not itself an escaped backslash's text.
const surrogateEscape = /(?<!\\)(?:\\\\)*\\ud[89a-f]/;

describe('jsonParam', () => {
  it('writes lone surrogates as U+FFFD and keeps pairs, backslashes and text that only looks like an escape', () => {
    const cases = ['x\ud800y', '\udc00', '\ud83d\ude00', '\\ud800', '\\\ud800', '\ud800\ud83d\ude00', '\ude00\ud83d', 'plain', '\\\\ud83d'];
    for (const s of cases) {
      const text = jsonParam({ s, list: [s] });
      expect(text).not.toMatch(surrogateEscape);
      expect(JSON.parse(text)).toEqual({ s: asText(s), list: [asText(s)] });
    }
  });

  it('agrees with the text-parameter rule on random strings of surrogates, backslashes and letters', () => {
    const alphabet = ['\ud800', '\udbff', '\udc00', '\udfff', '\\', 'u', 'd', '8', 'a', '"'];
    // a fixed sequence, so a failure reproduces; 32-bit arithmetic (a float product loses the low
    // bits, and the old one nearly never drew an odd index), high bits used
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) >>> 16;
    for (let i = 0; i < 2_000; i++) {
      const s = Array.from({ length: 1 + (i % 12) }, () => alphabet[next() % alphabet.length]).join('');
      expect(JSON.parse(jsonParam([s]))).toEqual([asText(s)]);
    }
  });

  it('sends text without surrogates exactly as JSON.stringify writes it', () => {
    const value = { a: 'é\u2028"\\', n: 1, d: null };
    expect(jsonParam(value)).toBe(JSON.stringify(value));
  });
});

describe('jsonColumns', () => {
  it('keys only the given columns as jsonRow keys them, timestamps as text and a missing value as null', () => {
    const at = new Date('2026-11-30T12:00:00.123Z');
    const row = { id: 'c1', workspaceId: 'w1', amount: -500, status: 'reversed', restoreStatus: undefined, updatedAt: at } as unknown as typeof commissions.$inferSelect;
    const picked = jsonColumns(commissions, row, ['id', 'workspaceId', 'amount', 'restoreStatus', 'updatedAt']);
    expect(picked).toEqual({ id: 'c1', workspace_id: 'w1', amount: -500, restore_status: null, updated_at: '2026-11-30T12:00:00.123Z' });
    const whole = jsonRow(commissions, row);
    for (const [name, value] of Object.entries(picked)) expect(whole[name]).toEqual(value);
  });
});
