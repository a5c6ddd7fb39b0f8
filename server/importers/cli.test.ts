import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { startFakeRewardful, type FakeRewardful } from '../testing/rewardful/fake-api';
import { rewardfulAccount } from '../testing/rewardful/fixtures';
import { startFakeFirstPromoter, type FakeFirstPromoter } from '../testing/firstpromoter/fake-api';
import { firstPromoterAccount } from '../testing/firstpromoter/fixtures';
import { startFakeTolt, type FakeTolt } from '../testing/tolt/fake-api';
import { toltAccount } from '../testing/tolt/fixtures';

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
let fp: FakeFirstPromoter;
let tolt: FakeTolt;
afterAll(async () => {
  await fake?.close();
  await fp?.close();
  await tolt?.close();
});

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
  expect((await cli('import', 'nope', '--workspace', ws.id, '--api-key', 'k')).stderr).toBe('refcount: unknown platform "nope"; available: rewardful, firstpromoter, tolt, partnerstack\n');
}, 240_000);

it('imports from FirstPromoter with its account id, in the workspace\'s currency', async () => {
  fp = await startFakeFirstPromoter('fp_cli_key', 'acc_cli', firstPromoterAccount('fpcli', 3));
  const ws = JSON.parse((await cli('workspace', 'create', '--name', 'Moving from FirstPromoter', '--json')).stdout);
  const args = ['import', 'firstpromoter', '--workspace', ws.id, '--api-key', 'fp_cli_key', '--base-url', fp.url];

  expect((await cli(...args)).stderr).toBe('refcount: --account-id is required\n');
  const done = await cli(...args, '--account-id', 'acc_cli');
  expect(done.status).toBe(0);
  expect(done.stdout).toMatch(/^imported campaigns 2, affiliates 3, codes 2, referrals 6, commissions 3, payouts 1\n/);
  expect(done.stdout).toContain('the docs do not say whether in cents or in units');
  const again = JSON.parse((await cli(...args, '--account-id', 'acc_cli', '--json')).stdout);
  expect(again.added).toEqual({ campaign: 0, affiliate: 0, code: 0, referral: 0, commission: 0, payout: 0 });

  const wrong = await cli(...args, '--account-id', 'acc_other');
  expect(wrong.status).toBe(1);
  expect(wrong.stderr).toMatch(/^refcount: GET \/api\/v2\/company\/rewards answered 401/);
}, 240_000);

it('imports a Tolt program named by --program-id', async () => {
  const account = toltAccount('tcli', 3);
  tolt = await startFakeTolt('tolt_cli_key', account);
  const ws = JSON.parse((await cli('workspace', 'create', '--name', 'Moving from Tolt', '--json')).stdout);
  const args = ['import', 'tolt', '--workspace', ws.id, '--api-key', 'tolt_cli_key', '--base-url', tolt.url];

  expect((await cli(...args)).stderr).toBe('refcount: --program-id is required\n');
  const done = await cli(...args, '--program-id', account.programId);
  expect(done.status).toBe(0);
  expect(done.stdout).toMatch(/^imported campaigns 1, affiliates 3, codes 2, referrals 6, commissions 3, payouts 1\n/);
  expect(done.stdout).toContain("commission flows (what partners earn, per group) are not in Tolt's REST API");
  const again = JSON.parse((await cli(...args, '--program-id', account.programId, '--json')).stdout);
  expect(again.added).toEqual({ campaign: 0, affiliate: 0, code: 0, referral: 0, commission: 0, payout: 0 });
}, 240_000);
