// @refcount/client: Refcount's /v1 API, typed from its OpenAPI document. openapi-fetch does the
// calls; every path, body, query and answer is checked against src/schema.d.ts (generated).
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema';

export type { components, operations, paths } from './schema';
export type RefcountClient = Client<paths>;

export type RefcountOptions = {
  /** The installation's /v1 address, e.g. https://refcount.example.com/v1. */
  baseUrl: string;
  /** A workspace key (sa_live_…) or an affiliate key (refa_live_…). */
  apiKey: string;
  /** Another fetch (tests, edge runtimes); the global one by default. */
  fetch?: typeof globalThis.fetch;
};

/** A client whose methods are the HTTP verbs: `GET('/affiliates', { params: { query } })`, `POST('/track/sale', { body })`. */
export function createRefcountClient({ baseUrl, apiKey, fetch }: RefcountOptions): RefcountClient {
  return createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: { Authorization: `Bearer ${apiKey}` },
    ...(fetch ? { fetch } : {}),
  });
}
