import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates, auditEvents, emailOutbox } from '@/db/schema';
import { APPLICATIONS_PER_CLIENT_PER_HOUR, SIGN_IN_LINKS_PER_MINUTE } from '../../auth/sign-in-link-limit';
import { refCodeVariant } from '../../domain/affiliates/ref-codes';
import { signInLinksWritten } from '../../domain/portal/sign-in-link';
import { toApiError } from '../../errors/table';
import { appRouter } from '../root';
import { startTestApi, type TestApi } from '../../testing/api';
import { failure } from '../../testing/session-caller';
import { createCallerFactory } from '../../trpc/init';
import { createRequestContext } from '../../trpc/context';
import { defaultGroupId } from '@/server/domain/groups/default-group';

// What keeps the public join page from being abused: budgets per client address and per inbox,
// one affiliate per inbox however the address is spelled, the disposable-domain policy, names
// kept out of e-mails, ref codes that never run out, and the audit row of each application.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ PUBLIC_URL: 'https://partners.example.com' });
});
afterAll(() => api.close());

const createCaller = createCallerFactory(appRouter);
/** The join page as a visitor at `clientIp` reaches it (null: an address the server cannot tell). */
const visitor = (clientIp: string | null = null) =>
  createCaller(createRequestContext(api.services, { requestId: 'test', transport: 'dashboard', clientIp }));

let programs = 0;
async function program(settings: Record<string, unknown> = {}) {
  const slug = `safe-${++programs}`;
  const ws = await api.workspace(['*'], `Shop ${slug}`);
  await api.call('POST', '/v1/campaigns', { token: ws.token, body: { name: 'Main', destination_url: 'https://shop.example.com' } });
  await api.call('PATCH', '/v1/settings', { token: ws.token, body: { join_slug: slug, program_name: `${slug} partners`, ...settings } });
  const where = eq(affiliates.workspaceId, ws.id);
  return {
    ws,
    slug,
    applicants: () => api.db.select().from(affiliates).where(where).orderBy(affiliates.createdAt),
    mails: () => api.db.select().from(emailOutbox).where(eq(emailOutbox.workspaceId, ws.id)).orderBy(emailOutbox.createdAt),
    audits: () => api.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, ws.id), eq(auditEvents.action, 'affiliate.applied'))),
    apply: (email: string, extra: { name?: string; clientIp?: string | null } = {}) =>
      visitor(extra.clientIp).join.submit({ program: slug, name: extra.name ?? 'Nia Applicant', email, accept_terms: true }),
  };
}

/** 'ok', or the contract error the page received. */
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => {
      const answer = toApiError(e, undefined, 'test');
      return { status: answer.status, error: answer.body.error };
    },
  );

/** The 429's Retry-After, in seconds. */
async function retryAfter(p: Promise<unknown>): Promise<number> {
  const err = await p.then(() => null, (e: unknown) => e);
  return Number(toApiError(err, undefined, 'test').headers['Retry-After']);
}

describe('join page budgets', () => {
  it('one client address gets a few applications an hour, then 429 with Retry-After, and the over-budget one writes nothing', async () => {
    const p = await program();
    for (let i = 0; i < APPLICATIONS_PER_CLIENT_PER_HOUR; i++) await p.apply(`flood${i}@example.com`, { clientIp: '198.51.100.7' });
    expect(await failure(p.apply('flood-over@example.com', { clientIp: '198.51.100.7' }))).toEqual({ status: 429, error: 'rate_limited' });
    expect(await retryAfter(p.apply('flood-over@example.com', { clientIp: '198.51.100.7' }))).toBeGreaterThan(60);
    expect(await p.applicants()).toHaveLength(APPLICATIONS_PER_CLIENT_PER_HOUR);
    expect(await p.mails()).toHaveLength(APPLICATIONS_PER_CLIENT_PER_HOUR);
    // another address has its own budget
    expect(await p.apply('neighbour@example.com', { clientIp: '198.51.100.8' })).toEqual({ ok: true });
  });

  it('every spelling of one inbox spends one budget: 30 variants send at most a few e-mails and make one affiliate', async () => {
    const p = await program();
    const variants = Array.from({ length: 30 }, (_, i) => (i % 2 ? `Flood.Ed+${i}@gmail.com` : `floo.ded+${i}@googlemail.com`));
    const answers: unknown[] = [];
    for (const email of variants) answers.push(await outcome(p.apply(email)));
    expect(answers.slice(0, SIGN_IN_LINKS_PER_MINUTE)).toEqual(Array(SIGN_IN_LINKS_PER_MINUTE).fill('ok'));
    expect(answers.slice(SIGN_IN_LINKS_PER_MINUTE)).toEqual(Array(30 - SIGN_IN_LINKS_PER_MINUTE).fill({ status: 429, error: 'rate_limited' }));
    expect(await p.applicants()).toHaveLength(1);
    expect((await p.mails()).map((m) => m.kind)).toEqual(['affiliate_application', 'affiliate_already_applied', 'affiliate_already_applied']);
  });
});

describe('one affiliate per inbox', () => {
  it('a plus-tagged or re-dotted spelling of an affiliate answers the same, changes nothing and is told by e-mail', async () => {
    const p = await program();
    await p.apply('jo.ann@gmail.com');
    const before = await p.applicants();
    expect(before).toMatchObject([{ email: 'jo.ann@gmail.com', normalisedEmail: 'joann@gmail.com' }]);
    expect(await p.apply('JoAnn+promo@googlemail.com', { name: 'Someone Else' })).toEqual({ ok: true });
    expect(await p.applicants()).toEqual(before);
    expect((await p.mails()).map((m) => [m.to, m.kind])).toEqual([
      ['jo.ann@gmail.com', 'affiliate_application'],
      ['JoAnn+promo@googlemail.com', 'affiliate_already_applied'],
    ]);
  });

  it('an invited affiliate counts too: applying with another spelling of its inbox makes no second affiliate', async () => {
    const p = await program();
    await api.call('POST', '/v1/affiliates/invite', { token: p.ws.token, body: { email: 'invited@example.com' } });
    expect(await p.apply('Invited+join@example.com')).toEqual({ ok: true });
    expect(await p.applicants()).toHaveLength(1);
  });

  it('racing applications with variants of one inbox create one affiliate', async () => {
    const p = await program();
    const variants = ['race.r@gmail.com', 'racer+a@gmail.com', 'R.a.c.e.r@googlemail.com'];
    expect(await Promise.all(variants.map((e) => p.apply(e)))).toEqual(variants.map(() => ({ ok: true })));
    expect(await p.applicants()).toHaveLength(1);
    expect((await p.mails()).filter((m) => m.kind === 'affiliate_application')).toHaveLength(1);
  });
});

describe('disposable e-mail domains', () => {
  it('refuse: 400 on the e-mail, and nothing is written', async () => {
    const p = await program({ disposable_email_policy: 'refuse', auto_approve_affiliates: true });
    const input = { program: p.slug, name: 'Temp', email: 'temp@mailinator.com', accept_terms: true as const };
    expect(await failure(visitor().join.submit(input), input)).toEqual({ status: 400, error: 'invalid_request' });
    expect([await p.applicants(), await p.mails(), await p.audits()]).toEqual([[], [], []]);
    expect(await p.apply('real@example.com')).toEqual({ ok: true });
  });

  it('flag (the default): taken but held for review even where the program auto-approves, and the audit row says why', async () => {
    const p = await program({ auto_approve_affiliates: true });
    await p.apply('temp@mailinator.com');
    await p.apply('real@example.com');
    const [temp, real] = await p.applicants();
    expect([temp.status, real.status]).toEqual(['pending', 'active']);
    const audits = await p.audits();
    expect(audits.find((a) => a.targetId === temp.id)?.changes).toMatchObject({ flagged: 'disposable_email' });
    expect(audits.find((a) => a.targetId === real.id)?.changes).not.toHaveProperty('flagged');
  });

  it('allow: like any other address', async () => {
    const p = await program({ disposable_email_policy: 'allow', auto_approve_affiliates: true });
    await p.apply('temp@mailinator.com');
    expect((await p.applicants())[0].status).toBe('active');
  });
});

describe('what the e-mails say', () => {
  it.each(['http://evil.example', 'evil.com', 'Visit www.evil.example/win now'])(
    'the applicant named %j appears in none of its e-mails, nor in a sign-in link',
    async (name) => {
      const p = await program();
      const email = `named-${p.slug}@example.com`;
      await p.apply(email, { name });
      await p.apply(email, { name });
      await visitor().portal.requestSignInLink({ email });
      await signInLinksWritten();
      const mails = await p.mails();
      expect(mails.map((m) => m.kind)).toEqual(['affiliate_application', 'affiliate_already_applied', 'affiliate_sign_in_link']);
      for (const m of mails) expect(`${m.subject}\n${m.body}`).not.toMatch(/evil/i);
    },
  );
});

describe('audit', () => {
  it('an application records affiliate.applied with the applicant as its actor', async () => {
    const p = await program();
    await p.apply('audited@example.com');
    const [row] = await p.applicants();
    const listed = await api.call('GET', `/v1/audit-events?target_id=${row.id}`, { token: p.ws.token });
    expect(listed.body.data).toMatchObject([
      {
        action: 'affiliate.applied',
        actor: { type: 'affiliate', id: row.id },
        target: { type: 'affiliate', id: row.id },
        changes: { after: { email: 'audited@example.com', status: 'pending' } },
      },
    ]);
  });
});

describe('ref codes', () => {
  it('a common name never runs out: after 1,000 of them, 20 in a row and 8 at once all get unique codes', async () => {
    const p = await program();
    await api.db.insert(affiliates).values(
      Array.from({ length: 1000 }, (_, i) => ({ workspaceId: p.ws.id, groupId: defaultGroupId(p.ws.id), name: 'Applicant', email: `seed${i}@example.com`, refCode: refCodeVariant('applicant', i + 1) })),
    );
    for (let i = 0; i < 20; i++) expect(await p.apply(`row${i}@example.com`, { name: 'Applicant' })).toEqual({ ok: true });
    const parallel = await Promise.all(Array.from({ length: 8 }, (_, i) => p.apply(`par${i}@example.com`, { name: 'Applicant' })));
    expect(parallel).toEqual(Array(8).fill({ ok: true }));
    const codes = (await p.applicants()).map((a) => a.refCode);
    expect(codes).toHaveLength(1028);
    expect(new Set(codes).size).toBe(1028);
    for (const code of codes) expect(code).toMatch(/^applicant(-[a-z0-9]+)?$/);
    const [{ n }] = await api.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.workspaceId, p.ws.id));
    expect(n).toBe(28);
  });
});
