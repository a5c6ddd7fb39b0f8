import type { CSSProperties, ReactNode } from 'react';

// A program's brand colour re-themes the accent of a portal or join page: Tailwind 4 reads its
// colours from CSS variables, so the indigo accents follow `--color-indigo-*` set here. (A style
// attribute set by React goes through the CSSOM, which a Content-Security-Policy allows.)
export function BrandTheme({ color, children, className = '' }: { color: string | null | undefined; children: ReactNode; className?: string }) {
  const style = color && /^#[0-9a-f]{6}$/i.test(color) ? ({ '--color-indigo-600': color, '--color-indigo-700': color, '--color-indigo-500': color } as CSSProperties) : undefined;
  return (
    <div style={style} className={className}>
      {children}
    </div>
  );
}

/** The program's logo (when set) and name. */
export function ProgramMark({ name, logoUrl }: { name: string; logoUrl: string | null }) {
  return (
    <span className="flex items-center gap-2 px-2 font-semibold text-indigo-700">
      {/* A plain img: the logo is a manager's URL of any size, not a build asset for next/image. */}
      {logoUrl && <img src={logoUrl} alt="" width={28} height={28} className="h-7 w-7 rounded object-contain" />}
      <span data-testid="program-name">{name}</span>
    </span>
  );
}
