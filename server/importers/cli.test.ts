import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { startFakeRewardful, type FakeRewardful } from '../testing/rewardful/fake-api';
import { rewardfulAccount } from '../testing/rewardful/fixtures';

// `npx refcount import rewardful` through the real entry point, on an embedded database of its own,
// against the local Rewardful fake (async: the fake answers from this process while the CLI runs).
const run = promisify(execFile);
const dir = join(mkdtempSync(join(tmpdir(), 'refcount-import-')), 'pglite');
const cli = async (...args: string[]) => {
  try {
    const { stdout, stderr } = await run(process.execPath, ['bin/refcount.mjs', ...args], { env: { ...process.env, PGLITE_DIR: dir, DATABASE_URL: '' } });
    return { status: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { status: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

let fake: FakeRewardful;
afterAll(() => fake?.close());

it('imports from Rewardful: a dry run first, then the import, then a rerun that adds nothing', async () => {
  fake = await startFakeRewardful('rw_cli_secret', rewardfulAccount('cli', 3));
  const ws = JSON.parse((await cli('workspace', 'create', '--name', 'Moving in', '--json')).stdout);
  const args = ['import', 'rewardful', '--workspace', ws.id, '--api-key', 'rw_cli_secret', '--base-url', fake.url];

  const dry = await cli(...args, '--dry-run', '--json');
  expect(dry.status).toBe(0);
  expect(JSON.parse(dry.stdout)).toMatchObject({ dry_run: true, added: { campaign: 2, affiliate: 3, commission: 3, payout: 1 } });

  const done = await cli(...args);
  expect(done.status).toBe(0);
  expect(done.stdout).toMatch(/^imported campaigns 2, affiliates 3, codes 2, referrals 6, commissions 3, payouts 1\n/);
  expect(done.stdout).toContain('max_commissions 3 per referral');
  expect(done.stderr).toContain('affiliates: 3 added, 0 already imported');

  const again = JSON.parse((await cli(...args, '--json')).stdout);
  expect(again.added).toEqual({ campaign: 0, affiliate: 0, code: 0, referral: 0, commission: 0, payout: 0 });

  const wrong = await cli('import', 'rewardful', '--workspace', ws.id, '--api-key', 'nope', '--base-url', fake.url);
  expect(wrong.status).toBe(1);
  expect(wrong.stderr).toMatch(/^refcount: GET \/v1\/campaigns answered 401: .*Invalid API Secret/);
  expect((await cli('import', 'tolt', '--workspace', ws.id, '--api-key', 'k')).stderr).toBe('refcount: import from tolt is not available yet; available: rewardful, partnerstack\n');
}, 240_000);
