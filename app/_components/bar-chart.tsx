/** A dependency-free bar chart: one bar per point, the value in each bar's title for hover and screen readers. */
export function BarChart({ points, label, format = String }: { points: { label: string; value: number }[]; label: string; format?: (n: number) => string }) {
  const max = Math.max(1, ...points.map((p) => p.value));
  const w = 600;
  const h = 140;
  const bw = points.length ? w / points.length : w;
  return (
    <figure>
      <svg viewBox={`0 0 ${w} ${h + 18}`} role="img" aria-label={label} className="h-40 w-full">
        {points.map((p, i) => {
          const bh = (p.value / max) * h;
          return (
            <g key={i}>
              <title>{`${p.label}: ${format(p.value)}`}</title>
              <rect x={i * bw + 2} y={h - bh} width={Math.max(1, bw - 4)} height={bh} rx={2} className="fill-indigo-500" />
              {(points.length <= 12 || i % Math.ceil(points.length / 8) === 0) && (
                <text x={i * bw + bw / 2} y={h + 14} textAnchor="middle" className="fill-slate-500 text-[10px]">
                  {p.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="sr-only">{label}</figcaption>
    </figure>
  );
}
