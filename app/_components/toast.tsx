'use client';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

// Results of an action ("Saved.", "Payout marked paid") as a short note in the corner, read out by
// screen readers. Hand-written on Tailwind (40 lines) rather than a library: toast libraries inject
// a <style> element at run time, which the pages' Content-Security-Policy would have to allow.

type Tone = 'success' | 'error';
type Toast = { id: number; text: string; tone: Tone };
const ToastContext = createContext<(text: string, tone?: Tone) => void>(() => undefined);

const LIFETIME_MS = 5_000;

export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(0);
  const show = useCallback((text: string, tone: Tone = 'success') => {
    const id = ++next.current;
    setToasts((all) => [...all.slice(-2), { id, text, tone }]);
    setTimeout(() => setToasts((all) => all.filter((t) => t.id !== id)), LIFETIME_MS);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div aria-live="polite" role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 sm:items-end">
        {toasts.map((t) => (
          <p key={t.id} data-testid="toast" className={`pointer-events-auto max-w-sm rounded-lg px-4 py-2 text-sm shadow-lg ${t.tone === 'error' ? 'bg-red-700 text-white' : 'bg-slate-900 text-white'}`}>
            {t.text}
          </p>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** `toast('Saved.')`, or `toast(text, 'error')`. */
export const useToast = () => useContext(ToastContext);
