// The inbox an address reaches, as far as its spelling tells (docs/workspaces-and-keys.md, "The
// join page"): one applicant per inbox, one sign-in-link budget per inbox. Providers deliver
// `name+tag@` to `name@`, and Gmail ignores dots in the local part, so those spellings of one inbox
// are one address here. The only place the rule is written.

// Domains whose mailboxes ignore dots in the local part; googlemail.com is the same service.
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/** `Jo.Ann+promo@GoogleMail.com` → `joann@gmail.com`; case is dropped everywhere. */
export function normaliseEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1).replace(/\.$/, '');
  const plus = local.indexOf('+');
  // "+tag@x" alone names no mailbox to strip down to: kept whole.
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS[domain]) {
    domain = DOTLESS_DOMAINS[domain];
    local = local.replace(/\./g, '') || local;
  }
  return `${local}@${domain}`;
}
