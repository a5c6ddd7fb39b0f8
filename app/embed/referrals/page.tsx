import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { BrandTheme } from '@/app/_components/brand';
import { embedReferralsFor } from '@/server/routers/embed/caller';
import type { ReferralsRecord } from '@/server/routers/embed/get-referrals.types';
import { formatMoney } from '@/server/model/money';
import { CopyButton, HeightMessenger, ShareButton } from './embed-client';

// /embed/referrals?token=…: one affiliate's referral page inside a merchant's app
// (docs/embedded-referrals.md). Rendered on the server from the embed router's answer, which
// has the token's options applied already; framed only by the token's origin (proxy.ts).

export const metadata: Metadata = { title: 'Referrals', robots: { index: false, follow: false } };

const THEMES = {
  light: { page: 'bg-white text-slate-900', card: 'border-slate-200 bg-slate-50', muted: 'text-slate-600', code: 'bg-slate-100', button: 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100' },
  dark: { page: 'bg-slate-900 text-slate-100', card: 'border-slate-700 bg-slate-800', muted: 'text-slate-400', code: 'bg-slate-950', button: 'border-slate-600 bg-slate-800 text-slate-100 hover:bg-slate-700' },
} as const;
const PRIMARY = 'rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700';

export default async function EmbeddedReferrals({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const data = typeof token === 'string' ? await embedReferralsFor(token) : null;
  if (!data) notFound(); // not-found.tsx: "this link has expired"
  const t = THEMES[data.theme === 'dark' ? 'dark' : 'light'];
  const w = data.strings;
  const button = `rounded-md border px-3 py-1.5 text-sm font-medium ${t.button}`;
  return (
    <BrandTheme color={data.theme === 'brand' ? data.program.brand_color : null}>
      <main id="refcount-embed" className={`${t.page} space-y-4 p-4 text-sm`} data-testid="embed" data-theme={data.theme}>
        <header className={data.theme === 'brand' ? '-m-4 mb-0 bg-indigo-600 p-4 text-white' : ''}>
          <h1 className="text-lg font-semibold">{w.title}</h1>
          <p className={data.theme === 'brand' ? 'opacity-90' : t.muted}>{data.program.name}</p>
        </header>
        {data.status === 'pending' && (
          <p role="status" className="rounded-md border-l-4 border-amber-500 bg-amber-50 p-3 text-amber-900">
            Your application is being reviewed. You can share your link already.
          </p>
        )}
        <Section title={w.your_link} t={t}>
          {data.links.length === 0 && <p className={t.muted}>The program has no landing page yet: share your code instead.</p>}
          <ul className="space-y-2">
            {data.links.map((l) => (
              <li key={l.url} className="flex flex-wrap items-center gap-2">
                <code className={`min-w-0 flex-1 rounded px-2 py-1 break-all ${t.code}`} data-testid="embed-link">{l.url}</code>
                <CopyButton text={l.url} label={w.copy} done={w.copied} className={PRIMARY} />
                <ShareButton text={l.url} title={data.program.name} label={w.share} done={w.copied} className={button} />
              </li>
            ))}
          </ul>
        </Section>
        {data.codes.length > 0 && (
          <Section title={w.your_code} t={t}>
            <ul className="flex flex-wrap gap-2">
              {data.codes.map((c) => (
                <li key={c.code} className="flex items-center gap-2">
                  <code className={`rounded px-2 py-1 font-mono ${t.code}`} data-testid="embed-code">{c.code}</code>
                  <CopyButton text={c.code} label={w.copy} done={w.copied} className={button} />
                </li>
              ))}
            </ul>
          </Section>
        )}
        <section aria-label="Totals" className="grid grid-cols-3 gap-2">
          {([['clicks', w.clicks, data.counts.clicks], ['signups', w.signups, data.counts.signups], ['sales', w.sales, data.counts.sales]] as const).map(([key, label, n]) => (
            <div key={key} className={`rounded-md border p-3 ${t.card}`}>
              <p className={t.muted}>{label}</p>
              <p className="text-xl font-semibold" data-testid={`embed-${key}`}>{n}</p>
            </div>
          ))}
        </section>
        {data.earnings && <Earnings earnings={data.earnings} w={w} t={t} />}
        {data.payouts && <Payouts payouts={data.payouts} w={w} t={t} button={button} />}
      </main>
      <HeightMessenger origin={data.origin} target="refcount-embed" />
    </BrandTheme>
  );
}

const TAX_FORM_NAMES = { w9: 'W-9', w8ben: 'W-8BEN' } as const;

type Theme = (typeof THEMES)[keyof typeof THEMES];
type Words = ReferralsRecord['strings'];

function Section({ title, t, children }: { title: string; t: Theme; children: ReactNode }) {
  return (
    <section aria-label={title} className={`space-y-2 rounded-md border p-3 ${t.card}`}>
      <h2 className="font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** Every currency the affiliate earned in; credit-only programs say "credit earned". */
function Earnings({ earnings, w, t }: { earnings: NonNullable<ReferralsRecord['earnings']>; w: Words; t: Theme }) {
  return (
    <Section title={earnings.credit ? w.credit_earned : w.earnings} t={t}>
      {earnings.by_currency.length === 0 ? (
        <p className={t.muted} data-testid="embed-earnings-none">Nothing yet: share your link.</p>
      ) : (
        <ul className="space-y-1" data-testid="embed-earnings">
          {earnings.by_currency.map((e) => (
            <li key={e.currency} className="flex flex-wrap gap-x-4" data-testid={`embed-earnings-${e.currency}`}>
              {earnings.credit ? (
                <span className="font-semibold">{formatMoney(e.approved + e.paid, e.currency)}</span>
              ) : (
                <>
                  <span><span className={t.muted}>approved </span><span className="font-semibold">{formatMoney(e.approved, e.currency)}</span></span>
                  <span><span className={t.muted}>paid </span>{formatMoney(e.paid, e.currency)}</span>
                </>
              )}
              <span><span className={t.muted}>pending </span>{formatMoney(e.pending, e.currency)}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Payouts, and the payout method and tax form as state only: they are set up in the portal. */
function Payouts({ payouts, w, t, button }: { payouts: NonNullable<ReferralsRecord['payouts']>; w: Words; t: Theme; button: string }) {
  const m = payouts.method;
  return (
    <Section title={w.payouts} t={t}>
      {payouts.recent.length === 0 ? (
        <p className={t.muted}>No payouts yet.</p>
      ) : (
        <ul className="space-y-1" data-testid="embed-payouts">
          {payouts.recent.map((p) => (
            <li key={p.id} className="flex gap-4">
              <span>{p.created_at.slice(0, 10)}</span>
              <span className="font-semibold">{formatMoney(p.amount, p.currency)}</span>
              <span className={t.muted}>{p.status}</span>
            </li>
          ))}
        </ul>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className={t.muted}>{w.payout_method}</dt>
        <dd data-testid="embed-payout-method">{m.kind === 'manual' ? 'paid by the program' : m.kind === 'stripe_connect' ? 'Stripe' : 'PayPal'} — {m.state === 'ready' ? 'ready' : m.state_reason ?? m.state}</dd>
        <dt className={t.muted}>{w.tax_form}</dt>
        <dd data-testid="embed-tax-form">{payouts.tax_form ? `${TAX_FORM_NAMES[payouts.tax_form.kind]} signed ${payouts.tax_form.signed_on}` : 'not given'}</dd>
      </dl>
      <a href={payouts.portal_url} target="_blank" rel="noopener noreferrer" className={`inline-block ${button}`}>
        Set up in the partner portal
      </a>
    </Section>
  );
}
