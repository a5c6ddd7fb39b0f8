import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates, emailOutbox } from '@/db/schema';
import { authenticateAffiliateLogin } from '../../domain/portal/sign-in';
import { startTestApi, type TestApi } from '../../testing/api';
import { failure, portalCaller } from '../../testing/session-caller';

// The public join page: apply → pending or active by the program's setting → an e-mail that
// confirms the address and sets the password → the portal.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ PUBLIC_URL: 'https://partners.example.com' });
});
afterAll(() => api.close());

const anonymous = () => portalCaller(api, undefined);
const tokenIn = (body: string) => /\/portal\/accept\?token=([\w-]+)/.exec(body)![1];

async function program(slug: string, settings: Record<string, unknown> = {}) {
  const ws = await api.workspace(['*'], `Shop ${slug}`);
  const campaign = (await api.call('POST', '/v1/campaigns', { token: ws.token, body: { name: 'Main', destination_url: 'https://shop.example.com' } })).body.data;
  await api.call('PATCH', '/v1/settings', { token: ws.token, body: { join_slug: slug, program_name: `${slug} partners`, brand_color: '#0f766e', ...settings } });
  const mails = (to: string) => api.db.select().from(emailOutbox).where(and(eq(emailOutbox.workspaceId, ws.id), eq(emailOutbox.to, to)));
  const applicants = () => api.db.select().from(affiliates).where(eq(affiliates.workspaceId, ws.id));
  return { ws, campaign, mails, applicants };
}
const apply = (program: string, email: string, extra: Record<string, unknown> = {}) =>
  anonymous().join.submit({ program, name: 'Nia Applicant', email, note: 'A newsletter', accept_terms: true, ...extra } as never);

describe('the join page', () => {
  it('names the program by its slug or public id, with its branding; an unknown one is not found', async () => {
    const p = await program('brandco');
    expect((await anonymous().join.program({ program: 'BrandCo' })).data).toEqual({
      name: 'brandco partners', logo_url: null, brand_color: '#0f766e', terms_url: null, join_path: '/join/brandco', commission_terms: null,
    });
    // The deal in words, from the default campaign's rule, once it pays something.
    const rule = await api.call('PUT', `/v1/campaigns/${p.campaign.id}/commission-rule`, { token: p.ws.token, body: { amount: 30, length_type: 'limited', length_months: 12 } });
    expect(rule.status).toBe(200);
    expect((await anonymous().join.program({ program: 'brandco' })).data.commission_terms).toBe('30% of every payment for 12 months');
    expect((await anonymous().join.program({ program: p.ws.publicId })).data.name).toBe('brandco partners');
    expect(await failure(anonymous().join.program({ program: 'nobody-here' }))).toMatchObject({ status: 404, error: 'link_not_found' });
  });

  it('an application is pending without auto-approve, lands in the default campaign, and its e-mail sets the password', async () => {
    const p = await program('pendingco');
    expect(await apply('pendingco', 'Nia@Example.com')).toEqual({ ok: true });
    const [row] = await p.applicants();
    expect(row).toMatchObject({ email: 'Nia@Example.com', name: 'Nia Applicant', status: 'pending', applicationNote: 'A newsletter' });
    expect(row.appliedAt).toBeInstanceOf(Date);
    expect(row.campaignId).not.toBeNull();
    const [mail] = await p.mails('Nia@Example.com');
    expect(mail.subject).toBe('Your application to the pendingco partners affiliate program');
    await anonymous().portal.acceptInvite({ token: tokenIn(mail.body), password: 'applicant-pass' });
    // Pending affiliates may sign in to follow their application.
    expect((await authenticateAffiliateLogin(api.db, 'nia@example.com', 'applicant-pass'))?.id).toBe(row.id);
    const listed = await api.call('GET', '/v1/affiliates?status=pending', { token: p.ws.token });
    expect(listed.body.data.map((a: { id: string }) => a.id)).toEqual([row.id]);
  });

  it('with auto-approve the applicant is active at once', async () => {
    const p = await program('openco', { auto_approve_affiliates: true });
    await apply('openco', 'open@example.com');
    expect((await p.applicants())[0]).toMatchObject({ status: 'active' });
    expect((await p.mails('open@example.com'))[0].subject).toBe('Welcome to the openco partners affiliate program');
  });

  it('an address already in the program answers the same, changes nothing and is told by e-mail', async () => {
    const p = await program('dupco');
    await apply('dupco', 'dup@example.com');
    const before = await p.applicants();
    expect(await apply('dupco', 'DUP@example.com', { name: 'Someone Else' })).toEqual({ ok: true });
    expect(await p.applicants()).toEqual(before);
    const subjects = (await p.mails('DUP@example.com')).map((m) => m.subject);
    expect(subjects).toEqual(['You already have a dupco partners affiliate account']);
  });

  it('refuses without the terms, without a name or with a bad e-mail, and writes nothing', async () => {
    const p = await program('strictco');
    const cases: [Record<string, unknown>, string][] = [
      [{ accept_terms: false }, 'invalid_request'],
      [{ name: '' }, 'invalid_request'],
      [{ email: 'not-an-email' }, 'invalid_request'],
    ];
    for (const [extra, error] of cases) {
      const input = { program: 'strictco', name: 'X', email: 'x@example.com', accept_terms: true, ...extra };
      expect(await failure(anonymous().join.submit(input as never), input)).toMatchObject({ status: 400, error });
    }
    expect(await failure(apply('no-such-program', 'x@example.com'))).toMatchObject({ status: 404 });
    expect(await p.applicants()).toEqual([]);
    expect((await api.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.workspaceId, p.ws.id)))[0].n).toBe(0);
  });

  it('racing applications for one e-mail create one affiliate', async () => {
    const p = await program('raceco');
    const answers = await Promise.all([1, 2, 3].map(() => apply('raceco', 'race@example.com')));
    expect(answers).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(await p.applicants()).toHaveLength(1);
  });

  it('an address gets at most a few application e-mails a minute', async () => {
    await program('limitco');
    for (let i = 0; i < 3; i++) await apply('limitco', 'flood@example.com');
    expect(await failure(apply('limitco', 'flood@example.com'))).toMatchObject({ status: 429, error: 'rate_limited' });
  });
});
