// GET /refcount.js: the dependency-free snippet a shop embeds with
// <script src="https://refcount.example.com/refcount.js" data-workspace="ws_…" [data-param="ref"]>
import { createHash } from 'node:crypto';
import { HANDOFF_PARAM, VISITOR_COOKIE, type BrowserRequest, type BrowserResponse } from './exchange';

// Plain ES5 so it runs on any page; the collector's address is wherever the script came from.
// The id lives in a first-party cookie (1 year, SameSite=Lax) and a localStorage copy that
// survives cookie clearing. `refcount.ready` settles once the visit is reported.
export const SNIPPET = `(function () {
  var s = document.currentScript;
  if (!s || window.refcount) return;
  var NAME = '${VISITOR_COOKIE}', HANDOFF = '${HANDOFF_PARAM}';
  var ws = s.getAttribute('data-workspace');
  var param = s.getAttribute('data-param') || 'ref';
  var endpoint = new URL(s.src, location.href).origin + '/api/collect';
  function cookie() {
    var m = document.cookie.match(new RegExp('(?:^|;\\\\s*)' + NAME + '=([^;]+)'));
    return m ? decodeURIComponent(m[1]) : null;
  }
  function load() {
    var id = cookie();
    if (!id) { try { id = localStorage.getItem(NAME); } catch (e) {} }
    return id || null;
  }
  function keep(id) {
    if (!id) return;
    document.cookie = NAME + '=' + encodeURIComponent(id) + '; Max-Age=31536000; Path=/; SameSite=Lax' + (location.protocol === 'https:' ? '; Secure' : '');
    try { localStorage.setItem(NAME, id); } catch (e) {}
  }
  var visitor = load();
  var params = new URLSearchParams(location.search);
  var ref = params.get(param);
  var handed = params.get(HANDOFF);
  var ready;
  if (handed) {
    // Arrived through /r/{code}: that redirect recorded the click for this visitor already.
    visitor = handed;
    keep(visitor);
    ready = Promise.resolve(visitor);
  } else if (ref && ws) {
    var body = JSON.stringify({ w: ws, ref: ref, visitor_id: visitor || undefined, url: location.href, referrer: document.referrer || undefined });
    if (window.fetch) {
      // text/plain keeps this a simple CORS request (no preflight); keepalive survives navigation.
      ready = fetch(endpoint, { method: 'POST', body: body, keepalive: true, headers: { 'Content-Type': 'text/plain' } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (j) { if (j && j.visitor_id) { visitor = j.visitor_id; } keep(visitor); return visitor; })
        .catch(function () { return visitor; });
    } else {
      navigator.sendBeacon && navigator.sendBeacon(endpoint, body);
      ready = Promise.resolve(visitor);
    }
  } else {
    keep(visitor);
    ready = Promise.resolve(visitor);
  }
  // Stripe Checkout: refcount.checkout(params) fills client_reference_id with the visitor id (the
  // integration links the customer to it); Payment Links and buy buttons on the page get it too.
  function checkout(params) {
    params = params || {};
    if (visitor && !params.client_reference_id) params.client_reference_id = visitor;
    return params;
  }
  function decorate() {
    if (!visitor || !document.querySelectorAll) return;
    var links = document.querySelectorAll('a[href^="https://buy.stripe.com/"]');
    for (var i = 0; i < links.length; i++) {
      var u = new URL(links[i].href);
      if (!u.searchParams.get('client_reference_id')) { u.searchParams.set('client_reference_id', visitor); links[i].href = u.toString(); }
    }
    var buttons = document.querySelectorAll('stripe-buy-button, stripe-pricing-table');
    for (var j = 0; j < buttons.length; j++) if (!buttons[j].getAttribute('client-reference-id')) buttons[j].setAttribute('client-reference-id', visitor);
  }
  ready.then(function () { document.readyState === 'loading' ? document.addEventListener('DOMContentLoaded', decorate) : decorate(); });
  window.refcount = { visitorId: function () { return visitor; }, ready: ready, checkout: checkout };
})();
`;

const etag = `"${createHash('sha256').update(SNIPPET).digest('base64url').slice(0, 16)}"`;

export function serveSnippet(req: BrowserRequest): BrowserResponse {
  const headers = {
    'Content-Type': 'text/javascript; charset=utf-8',
    // A week, then revalidated by ETag: long enough to stay off the hot path, short enough that
    // a fixed snippet reaches every shop.
    'Cache-Control': 'public, max-age=604800, stale-while-revalidate=86400',
    ETag: etag,
    'Access-Control-Allow-Origin': '*',
  };
  if (req.header('if-none-match') === etag) return { status: 304, headers, body: '' };
  return { status: 200, headers, body: SNIPPET };
}
