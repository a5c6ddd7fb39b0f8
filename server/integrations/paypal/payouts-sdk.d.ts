// Types for the parts of PayPal's official Payouts SDK (@paypal/payouts-sdk, plain JavaScript)
// that server/integrations/paypal/api.ts uses; the bodies' types are in api.ts.
declare module '@paypal/payouts-sdk' {
  /** A request as the SDK's own request classes are: a path, a verb, a body, headers. */
  export type SdkRequest = { path: string; verb: string; body: unknown; headers: Record<string, string> };
  export type SdkResponse = { statusCode: number; headers: Record<string, string>; result?: unknown };
  /** paypalhttp's HttpError: `message` is the answer's body text. */
  export type SdkHttpError = Error & { statusCode?: number; headers?: Record<string, string> };

  export namespace core {
    class PayPalEnvironment {
      constructor(clientId: string, clientSecret: string, baseUrl: string, webUrl: string);
      baseUrl: string;
      clientId: string;
    }
    class PayPalHttpClient {
      constructor(environment: PayPalEnvironment, refreshToken?: string);
      execute(request: SdkRequest): Promise<SdkResponse>;
      /** Asks for an OAuth token with the client id and secret (client_credentials). */
      fetchAccessToken(): Promise<unknown>;
      getTimeout(): number;
      encoder: { serializeRequest(request: SdkRequest): string | Buffer; deserializeResponse(body: string, headers: Record<string, string>): unknown };
    }
  }
  export namespace payouts {
    class PayoutsPostRequest implements SdkRequest {
      path: string;
      verb: string;
      body: unknown;
      headers: Record<string, string>;
      requestBody(body: unknown): this;
    }
    class PayoutsGetRequest implements SdkRequest {
      constructor(payoutBatchId: string);
      path: string;
      verb: string;
      body: unknown;
      headers: Record<string, string>;
      page(page: number): this;
      pageSize(size: number): this;
    }
    class PayoutsItemGetRequest implements SdkRequest {
      constructor(payoutItemId: string);
      path: string;
      verb: string;
      body: unknown;
      headers: Record<string, string>;
    }
  }
  /** CommonJS: Node's ESM loader sees only the default export. */
  const sdk: { core: typeof core; payouts: typeof payouts };
  export default sdk;
}
