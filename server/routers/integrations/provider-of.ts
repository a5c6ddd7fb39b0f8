import { notFound } from '../../errors/errors';
import type { PaymentProvider } from '../../integrations/provider';
import { providerNamed } from '../../integrations/providers';

export function providerOf(name: string): PaymentProvider {
  const provider = providerNamed(name);
  if (!provider) throw notFound('provider');
  return provider;
}
