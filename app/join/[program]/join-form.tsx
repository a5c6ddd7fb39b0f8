'use client';
import { useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { BrandTheme, ProgramMark } from '../../_components/brand';
import { useTRPC } from '../../_components/providers';
import { Button, ErrorNote, inputCls } from '../../_components/ui';

// /join/{program}: the public application form of one program (its join slug or public id);
// /join/{program}/{group}: the same form, the applicant landing in that partner group.
// ?via={ref_code}: came through that affiliate's recruit link.
export function JoinForm({ program, group }: { program: string; group?: string }) {
  const trpc = useTRPC();
  const brand = useQuery({ ...trpc.join.program.queryOptions(group ? { program, group } : { program }), retry: false });
  const submit = useMutation(trpc.join.submit.mutationOptions());
  const [sentTo, setSentTo] = useState<string | null>(null);
  const b = brand.data?.data;
  if (brand.isLoading) return <p className="text-sm text-slate-500">Loading…</p>;
  if (!b) return <p className="rounded-xl bg-white p-8 text-sm shadow">This join page does not exist. Check the address you were given.</p>;
  function send(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const email = String(f.get('email'));
    // a recruit link (/join/{program}?via={ref_code}) names the affiliate that recruited the applicant
    const via = new URLSearchParams(window.location.search).get('via')?.slice(0, 64) || undefined;
    submit.mutate(
      { program, ...(group && { group }), name: String(f.get('name')), email, note: String(f.get('note') || ''), accept_terms: f.get('terms') === 'on' ? true : (false as never), via },
      { onSuccess: () => { setSentTo(email); form.reset(); } },
    );
  }
  return (
    <BrandTheme color={b.brand_color} className="w-full max-w-md">
      <div className="space-y-4 rounded-xl bg-white p-8 shadow">
        <ProgramMark name={b.name} logoUrl={b.logo_url} />
        <h1 className="text-xl font-semibold">Join the {b.name} affiliate program</h1>
        {sentTo ? (
          <div role="status" className="space-y-2 text-sm" data-testid="join-done">
            <p className="font-medium">Thank you! Check your inbox.</p>
            <p>We sent a link to {sentTo}: open it to confirm your e-mail and choose your password. Then sign in to your partner portal to find your referral link.</p>
            <p><Link className="text-indigo-700 underline" href={`/portal/login?program=${encodeURIComponent(program)}`}>Partner sign-in</Link></p>
          </div>
        ) : (
          <form onSubmit={send} aria-label="Apply" className="space-y-4">
            {b.commission_terms ? (
              <p className="text-sm" data-testid="commission-terms">
                For each customer you refer, you earn <span className="font-medium">{b.commission_terms}</span>. Apply below; the program reviews applications.
              </p>
            ) : (
              <p className="text-sm text-slate-600">Earn a commission on every customer you refer. Apply below; the program reviews applications.</p>
            )}
            <label className="block text-sm">Your name<input name="name" required maxLength={200} autoComplete="name" className={inputCls} /></label>
            <label className="block text-sm">E-mail<input name="email" type="email" required maxLength={254} autoComplete="email" className={inputCls} /></label>
            <label className="block text-sm">How will you promote us? (optional)<textarea name="note" maxLength={1000} rows={3} className={inputCls} /></label>
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="terms" required className="mt-1" />
              <span>
                I accept the {b.terms_url ? <a href={b.terms_url} target="_blank" rel="noreferrer" className="text-indigo-700 underline">program terms</a> : 'program terms'}.
              </span>
            </label>
            <ErrorNote error={submit.error} />
            <Button className="w-full" disabled={submit.isPending}>{submit.isPending ? 'Sending…' : 'Apply'}</Button>
            <p className="text-center text-sm">Already a partner? <Link className="text-indigo-700 underline" href="/portal/login">Sign in</Link></p>
          </form>
        )}
      </div>
    </BrandTheme>
  );
}
