'use client';
import { useEffect, useState } from 'react';

// The embedded page's only client code: copy and share buttons, and the messenger that tells the
// host page how tall the page is (public/embed.js and the React component set the frame's height).

/** The message the page sends its host; embed.js and @refcount/react-embed check this shape. */
export const HEIGHT_MESSAGE = 'refcount:embed:height';

/** A button that runs `act`, then reads `done` for 1.5 s when `act` says it is done. */
function ActionButton({ label, done, className, act }: { label: string; done: string; className: string; act: () => Promise<boolean> }) {
  const [shown, setShown] = useState(false);
  return (
    <button
      type="button"
      className={className}
      aria-live="polite"
      onClick={async () => {
        if (!(await act())) return;
        setShown(true);
        setTimeout(() => setShown(false), 1500);
      }}
    >
      {shown ? done : label}
    </button>
  );
}

const copy = async (text: string) => (await navigator.clipboard?.writeText(text).catch(() => undefined), true);

export function CopyButton({ text, label, done, className }: { text: string; label: string; done: string; className: string }) {
  return <ActionButton label={label} done={done} className={className} act={() => copy(text)} />;
}

/** The system share sheet where the browser has one (phones), else a copy. */
export function ShareButton({ text, title, label, done, className }: { text: string; title: string; label: string; done: string; className: string }) {
  const act = async () => {
    if (typeof navigator.share !== 'function') return copy(text);
    await navigator.share({ title, url: text }).catch(() => undefined);
    return false; // the share sheet was its own answer
  };
  return <ActionButton label={label} done={done} className={className} act={act} />;
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
