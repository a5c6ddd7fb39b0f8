// The browser handlers speak this small request/response pair so the same code serves node:http
// (the lean entry, tests) and Next route handlers (`next dev`).

export type BrowserRequest = {
  method: string;
  url: URL;
  header: (name: string) => string | null;
  /** Every header value, to refuse secret keys wherever a careless integration put them. */
  headerValues: () => string[];
  /** The visitor's address (server/lib/client-ip.ts: the peer, or past trusted proxies only). */
  ip: string | null;
  body: (limit: number) => Promise<string | null>;
};

export type BrowserResponse = { status: number; headers: Record<string, string>; body: string };

export const VISITOR_COOKIE = 'refcount_vid';
// The redirect hands its visitor id to the landing page under this query parameter, so the
// snippet on the shop's own domain keeps the same visitor instead of recording a second click.
export const HANDOFF_PARAM = 'rc_vid';
const YEAR_SECONDS = 31_536_000;

/** A cookie's value; null when absent or not decodable (a visitor's browser may hold anything). */
export function readCookie(req: BrowserRequest, name: string): string | null {
  for (const part of (req.header('cookie') ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k !== name || !v.length) continue;
    try {
      return decodeURIComponent(v.join('='));
    } catch {
      return null;
    }
  }
  return null;
}

export const visitorCookie = (visitorId: string, secure: boolean) =>
  `${VISITOR_COOKIE}=${encodeURIComponent(visitorId)}; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): BrowserResponse => ({
  status,
  headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  body: JSON.stringify(body),
});
