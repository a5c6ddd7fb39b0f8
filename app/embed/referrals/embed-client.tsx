'use client';
import { useEffect, useState } from 'react';

// The embedded page's only client code: copy and share buttons, and the messenger that tells the
// host page how tall the page is (public/embed.js and the React component set the frame's height).

/** The message the page sends its host; embed.js and @refcount/react-embed check this shape. */
export const HEIGHT_MESSAGE = 'refcount:embed:height';

export function CopyButton({ text, label, done, className }: { text: string; label: string; done: string; className: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={className}
      aria-live="polite"
      onClick={async () => {
        await navigator.clipboard?.writeText(text).catch(() => undefined);
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      }}
    >
      {copied ? done : label}
    </button>
  );
}

/** The system share sheet where the browser has one (phones), else a copy. */
export function ShareButton({ text, title, label, done, className }: { text: string; title: string; label: string; done: string; className: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={className}
      aria-live="polite"
      onClick={async () => {
        if (typeof navigator.share === 'function') {
          await navigator.share({ title, url: text }).catch(() => undefined);
          return;
        }
        await navigator.clipboard?.writeText(text).catch(() => undefined);
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      }}
    >
      {copied ? done : label}
    </button>
  );
}

/**
 * Posts the height of #target to the framing page, to the token's origin only (never '*': the
 * host is the one origin the token names), once on load and on every change of size.
 */
export function HeightMessenger({ origin, target }: { origin: string; target: string }) {
  useEffect(() => {
    const el = document.getElementById(target);
    if (!el || window.parent === window) return;
    let last = -1;
    const send = () => {
      const height = Math.ceil(el.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, origin);
    };
    send();
    const observer = new ResizeObserver(send);
    observer.observe(el);
    window.addEventListener('load', send);
    return () => {
      observer.disconnect();
      window.removeEventListener('load', send);
    };
  }, [origin, target]);
  return null;
}
