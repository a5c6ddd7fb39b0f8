import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { startFakePartnerStack, type FakePartnerStack } from '../../testing/partnerstack/fake-api';
import { partnerStackAccount } from '../../testing/partnerstack/fixtures';

// `npx refcount import partnerstack` through the real entry point, on an embedded database of its
// own, against the local PartnerStack fake (async: the fake answers from this process while the CLI runs).
const run = promisify(execFile);
const dir = join(mkdtempSync(join(tmpdir(), 'refcount-import-ps-')), 'pglite');
const cli = async (...args: string[]) => {
  try {
    const { stdout, stderr } = await run(process.execPath, ['bin/refcount.mjs', ...args], { env: { ...process.env, PGLITE_DIR: dir, DATABASE_URL: '' } });
    return { status: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { status: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

let fake: FakePartnerStack;
afterAll(() => fake?.close());

it('imports from PartnerStack with "public:secret" as --api-key: a dry run, the import, a rerun that adds nothing', async () => {
  fake = await startFakePartnerStack('pk_cli', 'sk_cli', partnerStackAccount('pscli', 3));
  const ws = JSON.parse((await cli('workspace', 'create', '--name', 'Moving in', '--json')).stdout);
  const args = ['import', 'partnerstack', '--workspace', ws.id, '--base-url', fake.url];

  const dry = await cli(...args, '--api-key', 'pk_cli:sk_cli', '--dry-run', '--json');
  expect(dry.status).toBe(0);
  expect(JSON.parse(dry.stdout)).toMatchObject({ source: 'partnerstack', dry_run: true, added: { campaign: 2, affiliate: 3, code: 2, referral: 3, commission: 3, payout: 1 } });

  const done = await cli(...args, '--api-key', 'pk_cli:sk_cli');
  expect(done.status).toBe(0);
  // partner 0 is archived: its coupon cannot live
  expect(done.stdout).toMatch(/^imported campaigns 2, affiliates 3, codes 1, referrals 3, commissions 3, payouts 1\n/);
  expect(done.stdout).toContain("PartnerStack's API does not give a group's reward terms");
  expect(done.stderr).toContain('affiliates: 3 added, 0 already imported');

  const again = JSON.parse((await cli(...args, '--api-key', 'pk_cli:sk_cli', '--json')).stdout);
  expect(again.added).toEqual({ campaign: 0, affiliate: 0, code: 0, referral: 0, commission: 0, payout: 0 });

  const oneKey = await cli(...args, '--api-key', 'sk_cli');
  expect(oneKey.status).toBe(1);
  expect(oneKey.stderr).toContain('"PUBLIC_KEY:SECRET_KEY"');
  const wrong = await cli(...args, '--api-key', 'pk_cli:nope');
  expect(wrong.status).toBe(1);
  expect(wrong.stderr).toMatch(/^refcount: GET \/api\/v2\/groups answered 401: .*Invalid authentication credentials/);
}, 240_000);
