import sdk, { type core as Core, type SdkHttpError, type SdkRequest } from '@paypal/payouts-sdk';
import { providerApiBase } from '../provider-api';

// PayPal's REST API as Refcount uses it (docs/paying-affiliates.md#paypal-payouts), through
// PayPal's official Payouts SDK (@paypal/payouts-sdk: its PayPalHttpClient fetches and renews the
// OAuth token). The newer @paypal/paypal-server-sdk has no payouts and no webhook verification.
// The bodies' types are written from PayPal's reference of v1/payments/payouts and
// v1/notifications/verify-webhook-signature, for the fields we send and read.

export type PaypalEnvironment = 'live' | 'sandbox';
export type PaypalCredentials = { clientId: string; secret: string; environment: PaypalEnvironment };

export type RecipientType = 'EMAIL' | 'PAYPAL_ID';
export type Money = { currency: string; value: string };
export type PayoutItemRequest = { recipient_type: RecipientType; amount: Money; receiver: string; sender_item_id: string; note?: string };
export type CreatePayoutRequest = {
  sender_batch_header: { sender_batch_id: string; email_subject?: string; email_message?: string };
  items: PayoutItemRequest[];
};
export type Link = { href: string; rel: string; method?: string };
export type BatchHeader = { payout_batch_id: string; batch_status: string; sender_batch_header?: { sender_batch_id?: string } };
export type CreatePayoutResponse = { batch_header: BatchHeader; links?: Link[] };
/** An item's state (transaction_status), as PayPal names them. */
export type ItemStatus = 'SUCCESS' | 'FAILED' | 'PENDING' | 'UNCLAIMED' | 'RETURNED' | 'ONHOLD' | 'BLOCKED' | 'REFUNDED' | 'REVERSED' | 'DENIED' | 'CANCELED' | 'NEW';
export type PayoutItem = {
  payout_item_id: string;
  transaction_id?: string;
  transaction_status: ItemStatus;
  payout_batch_id: string;
  payout_item: { recipient_type?: RecipientType; amount: Money; receiver: string; sender_item_id: string };
  errors?: { name?: string; message?: string };
};
export type PayoutBatch = { batch_header: BatchHeader; items?: PayoutItem[]; total_items?: number; total_pages?: number; links?: Link[] };
export type VerifySignatureRequest = {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
  webhook_id: string;
};
export type VerifySignatureResponse = { verification_status: 'SUCCESS' | 'FAILURE' };
/** PayPal's error body: `name` says what went wrong; a reused sender_batch_id links the batch it made. */
export type PaypalErrorBody = { name?: string; message?: string; details?: { field?: string; issue?: string }[]; links?: Link[] };

/** A call PayPal refused (`status` its HTTP status, `body` its error), or did not answer (`status` 0). */
export class PaypalApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: PaypalErrorBody | null,
  ) {
    super(status ? `PayPal answered ${status}${body?.name ? ` ${body.name}` : ''}` : 'PayPal did not answer');
    this.name = 'PaypalApiError';
  }
}

const { core, payouts } = sdk;
const BASES: Record<PaypalEnvironment, string> = { live: 'https://api-m.paypal.com', sandbox: 'https://api-m.sandbox.paypal.com' };
const WEB: Record<PaypalEnvironment, string> = { live: 'https://www.paypal.com', sandbox: 'https://www.sandbox.paypal.com' };

// A body given as a string is sent as it is: the webhook event must reach PayPal byte for byte
// as it came (its signature covers those bytes), not re-serialized from a parsed copy.
class Client extends core.PayPalHttpClient {
  constructor(
    env: Core.PayPalEnvironment,
    private readonly timeoutMs: number,
  ) {
    super(env);
    const base = this.encoder;
    this.encoder = {
      serializeRequest: (req) => (typeof req.body === 'string' ? req.body : base.serializeRequest(req)),
      deserializeResponse: (body, headers) => base.deserializeResponse(body, headers),
    };
  }
  getTimeout() {
    return this.timeoutMs;
  }
}

function errorBody(text: string): PaypalErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as PaypalErrorBody) : null;
  } catch {
    return null;
  }
}

export type PaypalApi = ReturnType<typeof paypalApi>;

/** The calls Refcount makes with one workspace's credentials; every failure is a PaypalApiError. */
export function paypalApi(creds: PaypalCredentials, { timeoutMs = 30_000 } = {}) {
  const base = providerApiBase('paypal')?.origin ?? BASES[creds.environment];
  const client = new Client(new core.PayPalEnvironment(creds.clientId, creds.secret, base, WEB[creds.environment]), timeoutMs);
  async function call<T>(req: SdkRequest): Promise<T> {
    try {
      return (await client.execute(req)).result as T;
    } catch (err) {
      const e = err as SdkHttpError;
      throw new PaypalApiError(e.statusCode ?? 0, e.statusCode ? errorBody(e.message) : null);
    }
  }
  return {
    /** POST /v1/oauth2/token: whether PayPal takes the client id and secret. */
    checkCredentials: async () => {
      try {
        await client.fetchAccessToken();
      } catch (err) {
        const e = err as SdkHttpError;
        throw new PaypalApiError(e.statusCode ?? 0, null);
      }
    },
    /** POST /v1/payments/payouts: one batch, answered at once as PENDING (items are paid after). */
    createPayout: (body: CreatePayoutRequest) => call<CreatePayoutResponse>(new payouts.PayoutsPostRequest().requestBody(body)),
    /** GET /v1/payments/payouts/{id}: the batch and one page of its items (at most 1000 a page). */
    getPayout: (payoutBatchId: string, page: number, pageSize = 1000) =>
      call<PayoutBatch>(new payouts.PayoutsGetRequest(payoutBatchId).page(page).pageSize(pageSize)),
    /** GET /v1/payments/payouts-item/{id}. */
    getPayoutItem: (payoutItemId: string) => call<PayoutItem>(new payouts.PayoutsItemGetRequest(payoutItemId)),
    /** POST /v1/notifications/verify-webhook-signature, with the event's raw bytes. */
    verifyWebhookSignature: (fields: VerifySignatureRequest, rawEvent: string) =>
      call<VerifySignatureResponse>({
        path: '/v1/notifications/verify-webhook-signature',
        verb: 'POST',
        body: `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawEvent}}`,
        headers: { 'Content-Type': 'application/json' },
      }),
  };
}
