// /dev/mail: every outbox message with its links, in development without SMTP only (404
// otherwise): server/domain/mail/dev-mail.ts says why.
import { notFound } from 'next/navigation';
import { devMailEnabled, recentMail } from '@/server/domain/mail/dev-mail';
import { getServices } from '@/server/runtime/services';

export const dynamic = 'force-dynamic';

export default async function DevMailPage() {
  const services = await getServices();
  if (!devMailEnabled(services.config)) notFound();
  const mail = await recentMail(services.database.db);
  return (
    <main className="mx-auto max-w-4xl space-y-4 p-6">
      <h1 className="text-xl font-semibold">Mail (development)</h1>
      <p className="text-sm text-slate-600">SMTP_URL is not set, so nothing is sent: the newest 100 messages of the outbox are here. Set SMTP_URL to send them.</p>
      {mail.length === 0 && <p className="text-sm">No messages yet.</p>}
      <ul className="space-y-3" aria-label="Messages">
        {mail.map((m) => (
          <li key={m.id} className="rounded border bg-white p-4 text-sm shadow-sm" data-testid="dev-mail">
            <p className="font-medium">{m.subject}</p>
            <p className="text-slate-600">
              To {m.to} · {m.kind} · {m.status} · {m.createdAt.toISOString()}
            </p>
            {m.links.length > 0 && (
              <ul className="my-2 list-disc pl-5">
                {m.links.map((link) => (
                  <li key={link}>
                    <a className="break-all text-indigo-700 underline" href={link}>{link}</a>
                  </li>
                ))}
              </ul>
            )}
            <details>
              <summary className="cursor-pointer text-slate-500">Text</summary>
              <pre className="mt-2 whitespace-pre-wrap">{m.body}</pre>
            </details>
          </li>
        ))}
      </ul>
    </main>
  );
}
