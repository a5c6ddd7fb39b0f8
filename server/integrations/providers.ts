import type { PaymentProvider } from './provider';
import { paddle } from './paddle/provider';
import { paypal } from './paypal/provider';
import { stripe } from './stripe/provider';

// Each provider is one folder; a third one is a folder and a line here.
export const PROVIDERS = { stripe, paddle, paypal } as const satisfies Record<string, PaymentProvider>;
export type ProviderName = keyof typeof PROVIDERS;
export const PROVIDER_NAMES = Object.keys(PROVIDERS) as ProviderName[];

export const providerNamed = (name: string): PaymentProvider | undefined =>
  Object.hasOwn(PROVIDERS, name) ? PROVIDERS[name as ProviderName] : undefined;
