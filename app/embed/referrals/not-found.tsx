// An embed token that is missing, forged, expired, or whose affiliate or origin is gone: one plain
// answer for all, so a host page learns nothing from which it was. The host's server asks for a
// new token (docs/embedded-referrals.md#the-token); reloading the host page does that.
export default function EmbedExpired() {
  return (
    <main className="bg-white p-4 text-sm text-slate-700" data-testid="embed-expired">
      <h1 className="font-semibold">This link has expired</h1>
      <p>Reload the page to see your referrals.</p>
    </main>
  );
}
