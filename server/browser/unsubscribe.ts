import type { Db } from '@/db/client';
import { unsubscribeByToken } from '../domain/mail/unsubscribe';

// /unsubscribe?t=…: the link of every optional affiliate e-mail (docs/emails.md#unsubscribe).
// A mail client's one-click POST (RFC 8058, List-Unsubscribe-Post) and the page's button both
// POST here; GET only shows the button, so a link scanner that follows links unsubscribes nobody.

const page = (title: string, body: string, status = 200) =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head>` +
      `<body style="font-family:Arial,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#18181b"><h1 style="font-size:1.25rem">${title}</h1>${body}</body></html>`,
    { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } },
  );

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('t') ?? '';
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function unsubscribePage(request: Request): Response {
  const token = tokenOf(request);
  if (!token) return page('Unsubscribe', '<p>This link is incomplete: use the link of the e-mail as it is.</p>', 400);
  return page(
    'Stop these e-mails?',
    `<p>You will no longer receive news of commissions and payouts from this affiliate program. Messages about your account (approval, a failed payout) still reach you.</p>` +
      `<form method="post" action="/unsubscribe?t=${escapeAttr(encodeURIComponent(token))}"><button type="submit" style="padding:.5rem 1rem">Unsubscribe</button></form>`,
  );
}

export async function unsubscribePost(db: Db, request: Request): Promise<Response> {
  const done = await unsubscribeByToken(db, tokenOf(request));
  return done
    ? page('You are unsubscribed', '<p>You will no longer receive optional e-mails from this affiliate program.</p>')
    : page('This link does not work', '<p>The unsubscribe link is not valid. Use the link of the e-mail as it is.</p>', 400);
}
