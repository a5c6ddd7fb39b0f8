'use client';
import { useEffect, useRef, useState, type CSSProperties } from 'react';

// Refcount's embedded referral page in a React app (README.md): an iframe of
// {baseUrl}/embed/referrals?token=…, as tall as the page inside it says it is. The token comes
// from the app's own server (POST /v1/embed-tokens with a sa_live_ key); no key ever reaches the
// browser. No dependency but React.

/** The one message the embedded page posts to its host. */
export const HEIGHT_MESSAGE = 'refcount:embed:height';

export type RefcountReferralsProps = {
  /** An embed token (refe_…) from POST /v1/embed-tokens, issued for this page's origin. */
  token: string;
  /** Where Refcount runs, e.g. https://refs.example.com; default: this page's own origin. */
  baseUrl?: string;
  className?: string;
  style?: CSSProperties;
  /** The frame's accessible name. */
  title?: string;
  /** Height until the page has said how tall it is. */
  initialHeight?: number;
};

/** The URL the frame loads, and the origin its messages must come from. */
export function embedSource(token: string, baseUrl?: string): { src: string; origin: string } {
  const origin = new URL(baseUrl ?? window.location.origin).origin;
  return { src: `${origin}/embed/referrals?token=${encodeURIComponent(token)}`, origin };
}

/** Whether `data` is the embedded page's height message; the height it carries, bounded. */
export function heightOf(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, height } = data as { type?: unknown; height?: unknown };
  if (type !== HEIGHT_MESSAGE || typeof height !== 'number' || !Number.isFinite(height)) return null;
  return Math.max(0, Math.min(Math.ceil(height), 100_000));
}

export function RefcountReferrals({ token, baseUrl, className, style, title = 'Referrals', initialHeight = 320 }: RefcountReferralsProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(initialHeight);
  const [source, setSource] = useState<{ src: string; origin: string } | null>(() =>
    typeof window === 'undefined' ? null : embedSource(token, baseUrl),
  );
  // Server rendering has no window: the frame appears once the component runs in the browser.
  useEffect(() => setSource(embedSource(token, baseUrl)), [token, baseUrl]);
  useEffect(() => {
    if (!source) return;
    const listen = (event: MessageEvent) => {
      // Only our frame, from Refcount's origin, with the page's one shape.
      if (event.origin !== source.origin || event.source !== frame.current?.contentWindow) return;
      const h = heightOf(event.data);
      if (h !== null) setHeight(h);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [source]);
  if (!source) return null;
  return (
    <iframe
      ref={frame}
      src={source.src}
      title={title}
      allow="clipboard-write"
      referrerPolicy="no-referrer"
      className={className}
      style={{ border: 0, width: '100%', display: 'block', ...style, height }}
    />
  );
}

export default RefcountReferrals;
