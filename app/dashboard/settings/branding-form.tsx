'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { ProgramMark } from '../../_components/brand';
import { useTRPC } from '../../_components/providers';
import { useToast } from '../../_components/toast';
import { Button, Card, CopyButton, ErrorNote, QueryState, inputCls } from '../../_components/ui';

/** How the program looks to affiliates (portal, join page), and the join page's address. */
export function BrandingForm({ canWrite }: { canWrite: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const toast = useToast();
  const settings = useQuery(trpc.settings.get.queryOptions({}));
  // The header affiliates see, with the logo loaded the way their pages load it.
  const brand = useQuery(trpc.settings.brand.queryOptions({})).data?.data;
  const update = useMutation(
    trpc.settings.update.mutationOptions({
      onSuccess: () => {
        toast('Branding saved.');
        return Promise.all([qc.invalidateQueries({ queryKey: trpc.settings.get.queryKey() }), qc.invalidateQueries({ queryKey: trpc.settings.brand.queryKey() })]);
      },
    }),
  );
  const s = settings.data?.data;
  // The address bar's origin, read after hydration so the server's HTML and the browser's agree.
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (k: string) => String(f.get(k) ?? '').trim() || null;
    update.mutate({ program_name: text('program_name'), logo_url: text('logo_url'), brand_color: text('brand_color'), terms_url: text('terms_url'), join_slug: text('join_slug') });
  }
  return (
    <Card title="Branding and join page">
      <QueryState q={settings}>
        {s && (
          <>
            {s.join_slug && (
              <div className="mb-4 text-sm">
                <p className="text-slate-600">Share your join page: people apply there and show up under Affiliates → Applications.</p>
                <div className="mt-1 flex flex-wrap items-center gap-2">
                  <a className="rounded bg-slate-100 px-2 py-1 break-all text-indigo-700 underline" href={`/join/${s.join_slug}`} data-testid="join-url">{`${origin}/join/${s.join_slug}`}</a>
                  <CopyButton text={`${origin}/join/${s.join_slug}`} label="Copy join link" />
                </div>
              </div>
            )}
            {brand && (
              <div className="mb-4 flex items-center gap-2 text-sm text-slate-600" data-testid="brand-preview">
                As affiliates see it: <ProgramMark name={brand.name} logoUrl={brand.logo_url} />
              </div>
            )}
            <form key={settings.dataUpdatedAt} onSubmit={submit} aria-label="Branding" className="grid gap-4 sm:grid-cols-2">
              <fieldset disabled={!canWrite} className="contents">
                <label className="text-sm">Program name<input name="program_name" defaultValue={s.program_name ?? ''} maxLength={200} placeholder="your workspace name" className={inputCls} /></label>
                <label className="text-sm">Join page address<input name="join_slug" defaultValue={s.join_slug ?? ''} maxLength={64} placeholder="acme" className={inputCls} /></label>
                <label className="text-sm">Logo URL<input name="logo_url" defaultValue={s.logo_url ?? ''} placeholder="https://… or /logo.svg" className={inputCls} /></label>
                <label className="text-sm">
                  Brand colour
                  <span className="mt-1 flex gap-2">
                    <input name="brand_color" defaultValue={s.brand_color ?? ''} placeholder="#4f46e5" maxLength={7} className={`${inputCls} mt-0`} />
                    {s.brand_color && <span aria-hidden className="h-9 w-9 shrink-0 rounded border" style={{ background: s.brand_color }} />}
                  </span>
                </label>
                <label className="text-sm sm:col-span-2">Program terms URL<input name="terms_url" defaultValue={s.terms_url ?? ''} placeholder="https://…" className={inputCls} /></label>
              </fieldset>
              {canWrite && (
                <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
                  <Button disabled={update.isPending}>{update.isPending ? 'Saving…' : 'Save branding'}</Button>
                  <ErrorNote error={update.error} />
                </div>
              )}
            </form>
          </>
        )}
      </QueryState>
    </Card>
  );
}
