// The peers' APIs read over HTTP: JSON, a 429 (or 503) waited out as its Retry-After says and
// retried a bounded number of times, anything else not 2xx a PeerApiError naming the call.

export class PeerApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export type PeerHttpOptions = {
  /** Waits before a retry; tests pass one that records instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
  maxRetries?: number;
  fetch?: typeof fetch;
};

const MAX_WAIT_MS = 60_000;
const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After in seconds or as an HTTP date; absent or unreadable: doubling from one second. */
export function retryDelay(header: string | null, attempt: number): number {
  const seconds = header === null ? NaN : Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : header ? Date.parse(header) - Date.now() : NaN;
  const wait = Number.isFinite(ms) && ms >= 0 ? ms : 1000 * 2 ** attempt;
  return Math.min(wait, MAX_WAIT_MS);
}

export async function getPeerJson<T>(url: string, headers: Record<string, string>, options: PeerHttpOptions = {}): Promise<T> {
  const { sleep = sleepFor, maxRetries = 5, fetch: doFetch = fetch } = options;
  for (let attempt = 0; ; attempt++) {
    const res = await doFetch(url, { headers: { accept: 'application/json', ...headers } });
    if (res.ok) return (await res.json()) as T;
    const retriable = res.status === 429 || res.status === 503;
    if (!retriable || attempt >= maxRetries) {
      const body = (await res.text()).slice(0, 200);
      throw new PeerApiError(`GET ${new URL(url).pathname} answered ${res.status}${retriable ? ` after ${attempt + 1} tries` : ''}: ${body}`, res.status);
    }
    await res.body?.cancel();
    await sleep(retryDelay(res.headers.get('retry-after'), attempt));
  }
}
