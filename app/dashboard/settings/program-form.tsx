'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { DISPOSABLE_EMAIL_POLICIES } from '@/server/model/enums';
import { minorToDecimal } from '@/server/model/money';
import { useTRPC } from '../../_components/providers';
import { useToast } from '../../_components/toast';
import { MAX_ORIGINS, originsOrProblem } from './embed-origins';
import { FieldError, FormError, useFieldErrors } from '../../_components/forms';
import { amountOrProblem, Button, Card, QueryState, inputCls } from '../../_components/ui';
import { updateSettingsInput } from '@/server/routers/settings/update-settings.types';

const POLICY_WORDS: Record<(typeof DISPOSABLE_EMAIL_POLICIES)[number], string> = {
  refuse: 'Refuse them',
  flag: 'Take them, but always hold them for review',
  allow: 'Treat them like any other',
};

// Every ISO 4217 code this browser can format, so the picker offers only valid currencies.
const CURRENCIES = Intl.supportedValuesOf('currency');
const currencyName = new Intl.DisplayNames(['en'], { type: 'currency' });

export function ProgramForm({ canWrite }: { canWrite: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const settings = useQuery(trpc.settings.get.queryOptions({}));
  const update = useMutation(
    trpc.settings.update.mutationOptions({
      onSuccess: () => {
        toast('Settings saved.');
        return qc.invalidateQueries({ queryKey: trpc.settings.get.queryKey() });
      },
    }),
  );
  const fields = useFieldErrors(updateSettingsInput, update.error);
  const s = settings.data?.data;
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const currency = String(f.get('currency')).toLowerCase();
    const min = amountOrProblem('Minimum payout', String(f.get('min_payout')), currency);
    const threshold = amountOrProblem('Tax form threshold', String(f.get('tax_form_threshold')), currency);
    const embed = originsOrProblem(String(f.get('embed_origins') ?? ''));
    const input = {
      auto_approve_affiliates: f.get('auto_approve_affiliates') === 'on',
      auto_approve_commissions: f.get('auto_approve_commissions') === 'on',
      hold_days: Number(f.get('hold_days')),
      min_payout: min.minor ?? 0,
      currency,
      disposable_email_policy: String(f.get('disposable_email_policy')) as (typeof DISPOSABLE_EMAIL_POLICIES)[number],
      link_customers_by_email: f.get('link_customers_by_email') === 'on',
      tax_form_required: f.get('tax_form_required') === 'on',
      tax_form_threshold: threshold.minor ?? 0,
      embed_origins: embed.origins ?? [],
    };
    // Every field's problem at once: the amounts and sites the form reads itself, the contract's on the rest.
    if (fields.check(input, { min_payout: min.problem, tax_form_threshold: threshold.problem, embed_origins: embed.problem })) update.mutate(input);
  }
  return (
    <Card title="Program">
      <QueryState q={settings}>
        {s && (
          <form key={settings.dataUpdatedAt} onSubmit={submit} aria-label="Program settings" noValidate className="grid gap-4 sm:grid-cols-2">
            <fieldset disabled={!canWrite} className="contents">
              <label className="flex items-center gap-2 text-sm"><input type="checkbox" name="auto_approve_affiliates" defaultChecked={s.auto_approve_affiliates} /> Approve new affiliates automatically</label>
              <label className="flex items-center gap-2 text-sm"><input type="checkbox" name="auto_approve_commissions" defaultChecked={s.auto_approve_commissions} /> Approve commissions of confirmed sales automatically</label>
              <label className="text-sm">
                Hold period (days)
                <input name="hold_days" type="number" min={0} max={3650} required defaultValue={s.hold_days} aria-describedby="hold-help" {...fields.describe('hold_days')} className={inputCls} />
                <FieldError fields={fields} name="hold_days" />
                <span id="hold-help" className="mt-1 block text-xs text-slate-500">Commissions become payable this many days after their sale; a change applies to every unpaid commission.</span>
              </label>
              <label className="text-sm">Minimum payout ({s.currency.toUpperCase()})<input name="min_payout" inputMode="decimal" required defaultValue={minorToDecimal(s.min_payout, s.currency)} {...fields.describe('min_payout')} className={inputCls} /><FieldError fields={fields} name="min_payout" /></label>
              <label className="text-sm">
                Currency
                <select name="currency" defaultValue={s.currency.toUpperCase()} className={inputCls}>
                  {CURRENCIES.map((c) => <option key={c} value={c}>{c} · {currencyName.of(c)}</option>)}
                </select>
              </label>
              <label className="text-sm sm:col-span-2">
                Join-page applications from disposable e-mail addresses
                <select name="disposable_email_policy" defaultValue={s.disposable_email_policy} aria-describedby="disposable-help" className={inputCls}>
                  {DISPOSABLE_EMAIL_POLICIES.map((p) => <option key={p} value={p}>{POLICY_WORDS[p]}</option>)}
                </select>
                <span id="disposable-help" className="mt-1 block text-xs text-slate-500">Throwaway inboxes (mailinator.com and the like) are a common way to farm commissions.</span>
              </label>
              <label className="text-sm sm:col-span-2">
                <span className="flex items-center gap-2"><input type="checkbox" name="link_customers_by_email" defaultChecked={s.link_customers_by_email} aria-describedby="email-link-help" /> Link Stripe and Paddle customers to leads by e-mail</span>
                <span id="email-link-help" className="mt-1 block text-xs text-slate-500">A new customer with the e-mail of a lead you recorded (kept only as a salted hash) earns for that lead&apos;s affiliate.</span>
              </label>
              <label className="text-sm">
                <span className="flex items-center gap-2"><input type="checkbox" name="tax_form_required" defaultChecked={s.tax_form_required} aria-describedby="tax-help" /> Require a tax form (W-9 / W-8BEN) above a yearly amount</span>
                <span id="tax-help" className="mt-1 block text-xs text-slate-500">An affiliate without a form is not paid once this calendar year&apos;s payouts would pass the threshold.</span>
              </label>
              <label className="text-sm">Tax form threshold per year ({s.currency.toUpperCase()})<input name="tax_form_threshold" inputMode="decimal" required defaultValue={minorToDecimal(s.tax_form_threshold, s.currency)} {...fields.describe('tax_form_threshold')} className={inputCls} /><FieldError fields={fields} name="tax_form_threshold" /></label>
              <label className="text-sm sm:col-span-2">
                Sites allowed to embed the referral page
                <textarea name="embed_origins" rows={3} defaultValue={s.embed_origins.join('\n')} placeholder="https://app.example.com" aria-describedby="embed-help" spellCheck={false} {...fields.describe('embed_origins')} className={`${inputCls} font-mono`} />
                <FieldError fields={fields} name="embed_origins" />
                <span id="embed-help" className="mt-1 block text-xs text-slate-500">One address a line (https, or http for localhost; no path), at most {MAX_ORIGINS}. Your server asks POST /v1/embed-tokens for a token bound to one of them; removing a site ends its tokens at once.</span>
              </label>
            </fieldset>
            {canWrite && (
              <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
                <Button disabled={update.isPending}>{update.isPending ? 'Saving…' : 'Save settings'}</Button>
                <FormError fields={fields} shown={['hold_days', 'min_payout', 'tax_form_threshold', 'embed_origins']} />
              </div>
            )}
          </form>
        )}
      </QueryState>
    </Card>
  );
}
