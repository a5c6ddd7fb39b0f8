// Templates to messages (docs/emails.md#variables): {{name}} placeholders filled with plain
// values, a plain-text part, and a simple branded HTML part where every value is escaped.

/** `joinKey`: the program's join slug or public id, which brands its portal sign-in (/portal/login?program=). */
export type Brand = { name: string; color: string | null; logoUrl: string | null; joinKey?: string };

/** The portal's sign-in page in the program's brand. */
export const portalSignInUrl = (publicUrl: string, brand: Brand) => `${publicUrl}/portal/login${brand.joinKey ? `?program=${encodeURIComponent(brand.joinKey)}` : ''}`;
export type RenderedEmail = { subject: string; text: string; html: string };

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const DEFAULT_COLOR = '#4f46e5';

/** The placeholders of `text` that `allowed` does not know, each once, in order. */
export function unknownVariables(text: string, allowed: readonly string[]): string[] {
  const unknown = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]).filter((name) => !allowed.includes(name));
  return [...new Set(unknown)];
}

export const fill = (text: string, values: Record<string, string>) => text.replace(PLACEHOLDER, (_, name: string) => values[name] ?? '');

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

// Links in the text become clickable; the text is escaped first, so a value cannot add markup.
const linkify = (escaped: string) => escaped.replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);

const safeColor = (color: string | null) => (color && /^#[0-9a-f]{6}$/i.test(color) ? color : DEFAULT_COLOR);
// Only an https logo: an http one would be blocked or warned about by mail clients.
const safeLogo = (url: string | null) => (url && /^https:\/\/[^\s"'<>]+$/.test(url) ? url : null);

/** A header line must stay one line: a value with a newline would otherwise add headers. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim().slice(0, 300);

export function renderEmail({ subject, body, values, brand, unsubscribeUrl }: {
  subject: string;
  body: string;
  values: Record<string, string>;
  brand: Brand;
  unsubscribeUrl?: string | null;
}): RenderedEmail {
  const filledSubject = oneLine(fill(subject, values));
  const text = fill(body, values).replace(/\r\n?/g, '\n').trimEnd();
  const footer = unsubscribeUrl ? `\n\n--\nYou receive this because you are a ${brand.name} affiliate. Stop these e-mails: ${unsubscribeUrl}\n` : '\n';
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px">${linkify(escapeHtml(p)).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const color = safeColor(brand.color);
  const logo = safeLogo(brand.logoUrl);
  const html = [
    '<!doctype html><html><body style="margin:0;background:#f4f4f5;font-family:Arial,sans-serif;color:#18181b">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">',
    '<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;overflow:hidden">',
    `<tr><td style="background:${color};color:#fff;padding:16px 24px;font-size:18px;font-weight:bold">`,
    logo ? `<img src="${escapeHtml(logo)}" alt="" height="32" style="vertical-align:middle;margin-right:8px">` : '',
    `${escapeHtml(brand.name)}</td></tr>`,
    `<tr><td style="padding:24px;font-size:15px;line-height:1.5">${paragraphs}</td></tr>`,
    unsubscribeUrl
      ? `<tr><td style="padding:0 24px 24px;font-size:12px;color:#71717a">You receive this because you are a ${escapeHtml(brand.name)} affiliate. <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></td></tr>`
      : '',
    '</table></td></tr></table></body></html>',
  ].join('');
  return { subject: filledSubject, text: text + footer, html };
}

/** RFC 8058 one-click unsubscribe: a mail client POSTs to the link without opening it. */
export const unsubscribeHeaders = (url: string): Record<string, string> => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
