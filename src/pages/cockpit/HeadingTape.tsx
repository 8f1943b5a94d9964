/** A compass tape: the aircraft's heading under the centre mark, ticks every 10°. */
interface Props {
  heading: number | null;
}

/** Pixels per degree: the 300 px tape shows about ±50°. */
const PX_PER_DEG = 3;
const CARDINALS: Readonly<Record<number, string>> = { 0: 'N', 90: 'E', 180: 'S', 270: 'W' };

export function HeadingTape({ heading }: Props) {
  const h = (((heading ?? 0) % 360) + 360) % 360;
  const first = Math.floor((h - 60) / 10) * 10;
  const ticks = Array.from({ length: 13 }, (_, i) => first + i * 10);
  return (
    <svg className="dc-heading" viewBox="-150 0 300 34" data-testid="hud-heading">
      {ticks.map((deg) => {
        const x = (deg - h) * PX_PER_DEG;
        const norm = ((deg % 360) + 360) % 360;
        const major = norm % 30 === 0;
        return (
          <g key={deg} transform={`translate(${x} 0)`}>
            <line y1={0} y2={major ? 10 : 6} stroke="#fff" strokeWidth="1.2" />
            {major && (
              <text y={22} textAnchor="middle" className="dc-heading-label">
                {CARDINALS[norm] ?? String(norm)}
              </text>
            )}
          </g>
        );
      })}
      <path d="M-6 34 L0 26 L6 34 Z" fill="#f0b726" />
      <text y={33} x={14} className="dc-heading-value">
        {heading === null ? '—' : `${Math.round(h)}°`}
      </text>
    </svg>
  );
}
