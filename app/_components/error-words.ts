// The contract's errors ({ error, detail }, written for programs) in words a manager reads: the
// field by its label on the form, the problem without schema jargon.
// `destination_url: must be an https URL` → "Landing page must start with https://".

export type ApiError = { error: string; need?: string; detail?: string };

const FIELDS: Record<string, string> = {
  destination_url: 'Landing page',
  additional_referral_links: 'Additional referral links',
  ref_param: 'Ref parameter',
  ref_code: 'Ref code',
  cookie_window_days: 'Cookie window',
  attribution_model: 'Attribution model',
  url: 'Endpoint URL',
  email: 'E-mail',
  payout_email: 'Payout e-mail',
  name: 'Name',
  workspace_name: 'Program name',
  program_name: 'Program name',
  password: 'Password',
  amount: 'Amount',
  min_payout: 'Minimum payout',
  hold_days: 'Hold period',
  currency: 'Currency',
  logo_url: 'Logo',
  brand_color: 'Brand colour',
  terms_url: 'Terms page',
  join_slug: 'Join page address',
  events: 'Events',
  provider_product_id: 'Provider product id',
  length_months: 'Months',
  product_ids: 'Products',
  campaign_id: 'Campaign',
  affiliate_id: 'Affiliate',
  sub_id: 'Sub-id',
  from: 'Start date',
  to: 'End date',
  scopes: 'Scopes',
  token: 'Link',
  terms_accepted: 'Terms',
  api_key: 'API key',
  since: 'Since',
};

const PROBLEMS: [RegExp, string][] = [
  [/must be an https URL/, 'must start with https://'],
  [/^Invalid URL$/i, 'is not a web address (https://…)'],
  [/^Invalid email address$/i, 'is not an e-mail address'],
  [/Too big: expected number to be <=\s*(\S+)/, 'must be at most $1'],
  [/Too small: expected number to be >=\s*(\S+)/, 'must be at least $1'],
  [/Too small: expected number to be >\s*(\S+)/, 'must be more than $1'],
  [/Too small: expected string to have >=\s*1 characters?/, 'is required'],
  [/Too small: expected string to have >=\s*(\d+) characters/, 'needs at least $1 characters'],
  [/Too big: expected string to have <=\s*(\d+) characters/, 'is too long (at most $1 characters)'],
  [/Too big: expected array to have <=\s*(\d+) items/, 'has too many entries (at most $1)'],
  [/expected int, received number/, 'must be a whole number'],
  [/expected number, received/, 'must be a number'],
  [/Invalid option: expected one of (.*)/, 'must be one of $1'],
];

const capital = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);
const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

/** A field path of the contract ("terms.amount", "events.0") as the form's label. */
function fieldLabel(path: string): string {
  const parts = path.split('.').filter((p) => !/^\d+$/.test(p));
  const last = parts[parts.length - 1] ?? path;
  return FIELDS[last] ?? capital(last.replace(/_/g, ' '));
}

/** The schema's complaint as the end of a sentence after the label; null when it is already words. */
function problemWords(why: string): string | null {
  for (const [re, words] of PROBLEMS) if (re.test(why)) return why.replace(new RegExp(`^.*?${re.source}.*$`), words).replaceAll('"', '');
  return null;
}

/** One sentence for a person, from the contract's error body. */
export function errorWords(api: ApiError): string {
  const detail = api.detail ?? '';
  switch (api.error) {
    case 'unauthorized':
      return 'You are signed out, or your session has ended: sign in again.';
    case 'insufficient_scope':
      return 'Your role cannot do this: ask an owner or an admin.';
    case 'link_not_found':
      return 'That record does not exist any more. Reload the page.';
    case 'unknown_resource': {
      const field = detail.split(' ')[0];
      return `${fieldLabel(field)} does not match anything in this program: choose it again.`;
    }
    case 'rate_limited':
      return 'Too many tries in a short time: wait a minute, then try again.';
    case 'payload_too_large':
      return 'That is too much to send at once: shorten it.';
    case 'internal_error':
      return `Something went wrong on our side; try again. If it keeps happening, quote reference ${detail}.`;
  }
  if (api.error.endsWith('_required')) return `${fieldLabel(api.error.slice(0, -'_required'.length))} is required.`;
  if (api.error === 'invalid_request') {
    if (detail.startsWith('unknown field')) return 'The form sent something this version does not know: reload the page.';
    const at = detail.indexOf(': ');
    if (at > 0) {
      const label = fieldLabel(detail.slice(0, at));
      const why = detail.slice(at + 2);
      const words = problemWords(why);
      return sentence(words ? `${label} ${words}` : `${label}: ${why}`);
    }
  }
  return sentence(capital(detail || api.error.replace(/_/g, ' ')));
}
