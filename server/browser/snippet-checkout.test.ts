import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { SNIPPET } from './snippet';

type Refcount = { ready: Promise<string | null>; checkout(p?: Record<string, unknown>): Record<string, unknown> };

// A page arrived at through /r/{code} (the visitor id handed over), with a Stripe Payment Link,
// a buy button and a pricing table on it.
function page() {
  const link = { href: 'https://buy.stripe.com/test_8wM5nn?prefilled_email=a%40b.c' };
  const own = { href: 'https://buy.stripe.com/test_other?client_reference_id=mine' };
  const attrs = (init: Record<string, string> = {}) => {
    const a = new Map(Object.entries(init));
    return { getAttribute: (n: string) => a.get(n) ?? null, setAttribute: (n: string, v: string) => void a.set(n, v) };
  };
  const button = attrs();
  const table = attrs({ 'client-reference-id': 'set-by-shop' });
  const document = {
    currentScript: { src: 'https://refcount.example.com/refcount.js', getAttribute: (n: string) => (n === 'data-workspace' ? 'ws_x' : null) },
    referrer: '',
    cookie: '',
    readyState: 'complete',
    querySelectorAll: (q: string) => (q.startsWith('a[') ? [link, own] : [button, table]),
  };
  const window: Record<string, unknown> = {};
  const storage = { getItem: () => null, setItem: () => undefined };
  Object.assign(window, { document, localStorage: storage, location: new URL('https://shop.example.com/?rc_vid=v_abc123'), URL, URLSearchParams, navigator: {}, JSON, Promise });
  window.window = window;
  runInNewContext(SNIPPET, window);
  return { refcount: window.refcount as Refcount, link, own, button, table };
}

describe('refcount.js and Stripe Checkout', () => {
  it("fills client_reference_id with the visitor id, never over the shop's own value", async () => {
    const p = page();
    await p.refcount.ready;
    expect(p.refcount.checkout({ mode: 'subscription' })).toEqual({ mode: 'subscription', client_reference_id: 'v_abc123' });
    expect(p.refcount.checkout({ client_reference_id: 'order-7' })).toEqual({ client_reference_id: 'order-7' });
    await new Promise((r) => setImmediate(r));
    expect(new URL(p.link.href).searchParams.get('client_reference_id')).toBe('v_abc123');
    expect(new URL(p.link.href).searchParams.get('prefilled_email')).toBe('a@b.c');
    expect(new URL(p.own.href).searchParams.get('client_reference_id')).toBe('mine');
    expect(p.button.getAttribute('client-reference-id')).toBe('v_abc123');
    expect(p.table.getAttribute('client-reference-id')).toBe('set-by-shop');
  });
});
