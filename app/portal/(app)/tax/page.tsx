'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTRPC } from '../../../_components/providers';
import { useToast } from '../../../_components/toast';
import { Button, Card, ErrorNote, PageHeader, QueryState, inputCls } from '../../../_components/ui';

// The affiliate's tax form (docs/paying-affiliates.md#tax-forms): W-9 for US persons, W-8BEN for
// others. The tax id is sent once and only ever shown back masked.

const today = () => new Date().toISOString().slice(0, 10);
const opt = (f: FormData, k: string) => String(f.get(k) ?? '').trim() || undefined;

export default function TaxFormPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const current = useQuery(trpc.portal.taxForm.queryOptions({}));
  const [country, setCountry] = useState('US');
  const kind = country.trim().toUpperCase() === 'US' ? 'w9' : 'w8ben';
  const submit = useMutation(
    trpc.portal.submitTaxForm.mutationOptions({
      onSuccess: () => {
        toast('Tax form saved.');
        return qc.invalidateQueries({ queryKey: trpc.portal.taxForm.queryKey() });
      },
    }),
  );
  function send(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    submit.mutate({
      kind,
      legal_name: String(f.get('legal_name') ?? ''),
      country,
      tax_id: String(f.get('tax_id') ?? ''),
      address_line1: opt(f, 'address_line1'),
      address_line2: opt(f, 'address_line2'),
      city: opt(f, 'city'),
      region: opt(f, 'region'),
      postal_code: opt(f, 'postal_code'),
      signature_name: String(f.get('signature_name') ?? ''),
      signed_on: today(),
    });
  }
  const form = current.data?.data;
  return (
    <div className="space-y-6">
      <PageHeader title="Tax form" />
      <QueryState q={current}>
        <Card title="Your form on file">
          {form ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" aria-label="Tax form on file">
              <dt className="text-slate-600">Form</dt><dd>{form.kind === 'w9' ? 'W-9' : 'W-8BEN'}</dd>
              <dt className="text-slate-600">Legal name</dt><dd>{form.legal_name}</dd>
              <dt className="text-slate-600">Country</dt><dd>{form.country}</dd>
              <dt className="text-slate-600">Tax id</dt><dd data-testid="tax-id-masked">{form.tax_id_masked}</dd>
              <dt className="text-slate-600">Signed</dt><dd>{form.signature_name}, {form.signed_on}</dd>
            </dl>
          ) : (
            <p className="text-sm">No tax form yet. The program may hold payouts above a yearly amount until you give one.</p>
          )}
        </Card>
      </QueryState>
      <Card title={form ? 'Replace your form' : 'Give your form'}>
        <form onSubmit={send} aria-label="Tax form" className="grid max-w-xl gap-3">
          <label className="text-sm">Country (2 letters, e.g. US, DE)
            <input name="country" required maxLength={2} value={country} onChange={(e) => setCountry(e.target.value)} className={inputCls} />
          </label>
          <p className="text-sm text-slate-600">{kind === 'w9' ? 'Form W-9 (US person)' : 'Form W-8BEN (not a US person)'}</p>
          <label className="text-sm">Legal name<input name="legal_name" required maxLength={200} className={inputCls} /></label>
          <label className="text-sm">{kind === 'w9' ? 'SSN or EIN (9 digits)' : 'Foreign tax id'}
            <input name="tax_id" required maxLength={40} autoComplete="off" className={inputCls} />
          </label>
          <label className="text-sm">Address<input name="address_line1" maxLength={200} className={inputCls} /></label>
          <label className="text-sm">Address line 2<input name="address_line2" maxLength={200} className={inputCls} /></label>
          <div className="grid grid-cols-3 gap-3">
            <label className="text-sm">City<input name="city" maxLength={100} className={inputCls} /></label>
            <label className="text-sm">State / province<input name="region" maxLength={100} className={inputCls} /></label>
            <label className="text-sm">Postal code<input name="postal_code" maxLength={20} className={inputCls} /></label>
          </div>
          <label className="text-sm">Signature: type your legal name again (dated {today()})
            <input name="signature_name" required maxLength={200} className={inputCls} />
          </label>
          <div><Button disabled={submit.isPending}>Sign and save</Button></div>
          <ErrorNote error={submit.error} />
        </form>
      </Card>
    </div>
  );
}
