import disposableDomains from 'disposable-email-domains';
import wildcardDomains from 'disposable-email-domains/wildcard.json';

// The maintained list from npm (disposable-email-domains): exact domains, plus wildcard domains
// whose every subdomain is disposable too. The only module that knows where the list comes from.
const exact = new Set<string>(disposableDomains);
const wildcard = new Set<string>(wildcardDomains);

export const domainOf = (email: string | null): string | null => {
  const at = email?.lastIndexOf('@') ?? -1;
  return email && at > 0 ? email.slice(at + 1).trim().toLowerCase().replace(/\.$/, '') : null;
};

export function isDisposableDomain(domain: string): boolean {
  if (exact.has(domain)) return true;
  const labels = domain.split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    if (wildcard.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}
