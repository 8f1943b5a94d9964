/** Artificial horizon: the sky/ground line rolls with the aircraft and moves with its pitch. */
interface Props {
  pitch: number | null;
  roll: number | null;
}

/** Pixels the horizon moves per degree of pitch (the 120 px face spans about ±30°). */
const PX_PER_DEG = 2;

export function AttitudeIndicator({ pitch, roll }: Props) {
  const p = Math.max(-40, Math.min(40, pitch ?? 0));
  const r = roll ?? 0;
  return (
    <svg className="dc-attitude" viewBox="-60 -60 120 120" data-testid="hud-attitude">
      <clipPath id="dc-attitude-clip">
        <circle r="58" />
      </clipPath>
      <g clipPath="url(#dc-attitude-clip)">
        <g transform={`rotate(${-r}) translate(0 ${p * PX_PER_DEG})`}>
          <rect x="-200" y="-200" width="400" height="200" fill="#2d6fa8" />
          <rect x="-200" y="0" width="400" height="200" fill="#7a5530" />
          <line x1="-200" x2="200" y1="0" y2="0" stroke="#fff" strokeWidth="1.5" />
          {[-20, -10, 10, 20].map((deg) => (
            <line
              key={deg}
              x1={-12}
              x2={12}
              y1={-deg * PX_PER_DEG}
              y2={-deg * PX_PER_DEG}
              stroke="#fff"
              strokeWidth="1"
            />
          ))}
        </g>
      </g>
      <circle r="58" fill="none" stroke="rgba(255,255,255,0.7)" strokeWidth="2" />
      <path d="M-30 0 H-10 L0 8 L10 0 H30" fill="none" stroke="#f0b726" strokeWidth="3" />
    </svg>
  );
}
