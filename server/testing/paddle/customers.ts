import type { ICustomerNotificationResponse, ISubscriptionNotificationResponse } from '@paddle/paddle-node-sdk';
import { pid } from './objects';

// Paddle Billing customer and subscription notification payloads, typed by the SDK's own
// notification types (see objects.ts), so a shape drift fails the type check.

export function paddleCustomer(o: { id?: string; email: string; customData?: Record<string, string> | null }): ICustomerNotificationResponse {
  return {
    id: o.id ?? pid('ctm'),
    name: 'Jo Brown',
    email: o.email,
    marketing_consent: false,
    status: 'active',
    custom_data: o.customData ?? null,
    locale: 'en',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    import_meta: null,
  };
}

export function paddleSubscription(o: { id?: string; customer: string; status: ISubscriptionNotificationResponse['status']; customData?: Record<string, string> | null; startedAt: string; firstBilledAt: string }): ISubscriptionNotificationResponse {
  return {
    id: o.id ?? pid('sub'),
    status: o.status,
    customer_id: o.customer,
    address_id: pid('add'),
    business_id: null,
    currency_code: 'USD',
    created_at: o.startedAt,
    updated_at: o.startedAt,
    started_at: o.startedAt,
    first_billed_at: o.firstBilledAt,
    next_billed_at: o.firstBilledAt,
    paused_at: null,
    canceled_at: null,
    discount: null,
    collection_mode: 'automatic',
    billing_details: null,
    current_billing_period: { starts_at: o.startedAt, ends_at: o.firstBilledAt },
    billing_cycle: { interval: 'month', frequency: 1 },
    scheduled_change: null,
    items: [],
    custom_data: o.customData ?? null,
    import_meta: null,
  };
}
