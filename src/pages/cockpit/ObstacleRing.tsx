/**
 * Obstacle distances from `hsi_info_push` as a ring around the aircraft: 36 sectors of 10°, each
 * coloured by the nearest obstacle in it (nose up). 60 000 mm means nothing at that bearing.
 */
import type { DrcHsiInfo } from '../../../protocol/mqtt/drc.ts';

interface Props {
  hsi: DrcHsiInfo | null;
  /** "Obstacle", in the page's language: names the ring and its nearest distance. */
  label: string;
}

const SECTORS = 36;
/** Nothing nearer than this is drawn (mm); DJI's own apps start warning around 10 m. */
const SHOW_BELOW_MM = 10_000;

function colourOf(mm: number): string | null {
  if (mm < 2_000) return '#e5484d';
  if (mm < 5_000) return '#f59e0b';
  if (mm < SHOW_BELOW_MM) return '#facc15';
  return null;
}

/** Nearest distance (mm) per 10° sector, from however many values the device sent. */
export function sectorMinima(around: readonly number[]): number[] {
  const out = new Array<number>(SECTORS).fill(Infinity);
  if (around.length === 0) return out;
  around.forEach((mm, i) => {
    const bearing = (i * 360) / around.length;
    const sector = Math.floor(bearing / (360 / SECTORS)) % SECTORS;
    out[sector] = Math.min(out[sector] ?? Infinity, mm);
  });
  return out;
}

function arc(sector: number): string {
  const r0 = 44;
  const r1 = 56;
  const a0 = ((sector * 10 - 90 - 4.5) * Math.PI) / 180;
  const a1 = ((sector * 10 - 90 + 4.5) * Math.PI) / 180;
  const p = (r: number, a: number) =>
    `${(r * Math.cos(a)).toFixed(1)} ${(r * Math.sin(a)).toFixed(1)}`;
  return `M${p(r0, a0)} L${p(r1, a0)} A${r1} ${r1} 0 0 1 ${p(r1, a1)} L${p(r0, a1)} A${r0} ${r0} 0 0 0 ${p(r0, a0)} Z`;
}

export function ObstacleRing({ hsi, label }: Props) {
  const minima = sectorMinima(hsi?.around_distances ?? []);
  const nearest = Math.min(...minima);
  return (
    <svg
      className="dc-obstacles"
      viewBox="-60 -60 120 120"
      data-testid="hud-obstacles"
      role="img"
      aria-label={label}
      data-nearest={Number.isFinite(nearest) ? Math.round(nearest) : ''}
    >
      <circle r="50" fill="none" stroke="rgba(255,255,255,0.25)" strokeWidth="12" />
      {minima.map((mm, sector) => {
        const colour = colourOf(mm);
        return colour === null ? null : <path key={sector} d={arc(sector)} fill={colour} />;
      })}
      <path d="M0 -12 L8 10 L0 5 L-8 10 Z" fill="#fff" />
      {Number.isFinite(nearest) && nearest < SHOW_BELOW_MM && (
        <text y={30} textAnchor="middle" className="dc-obstacle-label">
          {label} {(nearest / 1000).toFixed(1)} m
        </text>
      )}
    </svg>
  );
}
