/**
 * A line chart over time painted on a report band: light grid, value and time ticks, one line per
 * series and dashed limit lines. Drawn here rather than copied from the page's chart, whose colours
 * follow the console's theme (light text on a dark page) and whose size follows the window.
 */
import type { BandPainter } from './band.ts';
import { INK } from './textPaint.ts';

export interface ChartSeries {
  color: string;
  /** [time in ms, value], in time order. */
  points: readonly (readonly [number, number])[];
}

export interface ChartLimit {
  value: number;
  color: string;
  /** Written at the line's right end; '' writes nothing. */
  label: string;
  /** Whether the value axis stretches to show the line when the readings stay below it. */
  extend: boolean;
}

export interface ChartSpec {
  series: readonly ChartSeries[];
  limits: readonly ChartLimit[];
  formatTime: (ms: number) => string;
  formatTick: (value: number) => string;
}

const TICK = { size: 6.5, color: INK.muted };
const PAD = { left: 34, right: 8, top: 6, bottom: 14 };

/** A step of 1, 2 or 5 × 10ⁿ giving about `count` intervals over `span`. */
function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

function domains(spec: ChartSpec) {
  let t0 = Infinity;
  let t1 = -Infinity;
  let top = 0;
  for (const s of spec.series)
    for (const [t, v] of s.points) {
      t0 = Math.min(t0, t);
      t1 = Math.max(t1, t);
      top = Math.max(top, v);
    }
  for (const l of spec.limits) if (l.extend) top = Math.max(top, l.value);
  if (!Number.isFinite(t0)) [t0, t1] = [0, 1];
  if (t1 === t0) t1 = t0 + 1000;
  const step = niceStep(top || 1, 4);
  return { t0, t1, top: Math.ceil((top * 1.05) / step) * step || step, step };
}

/** Paints the chart to fill `width` × `height` points of the band, from its top-left corner. */
export function paintChart(p: BandPainter, spec: ChartSpec, width: number, height: number): void {
  const { t0, t1, top, step } = domains(spec);
  const plot = {
    x: PAD.left,
    y: PAD.top,
    w: width - PAD.left - PAD.right,
    h: height - PAD.top - PAD.bottom,
  };
  const xOf = (t: number) => plot.x + ((t - t0) / (t1 - t0)) * plot.w;
  const yOf = (v: number) => plot.y + plot.h - (Math.min(v, top) / top) * plot.h;
  const ctx = p.context;
  for (let v = 0; v <= top + step / 2; v += step) {
    p.line(plot.x, yOf(v), plot.x + plot.w, yOf(v), INK.rule, 0.4);
    p.text(spec.formatTick(v), plot.x - 3, yOf(v) + 2.2, TICK, {
      align: 'right',
      searchable: false,
    });
  }
  const ticks = 4;
  for (let i = 0; i <= ticks; i += 1) {
    const t = t0 + ((t1 - t0) * i) / ticks;
    const align = i === 0 ? 'left' : i === ticks ? 'right' : 'center';
    p.text(spec.formatTime(t), xOf(t), plot.y + plot.h + 10, TICK, { align, searchable: false });
  }
  p.line(plot.x, plot.y + plot.h, plot.x + plot.w, plot.y + plot.h, INK.muted, 0.6);
  ctx.save();
  ctx.beginPath();
  ctx.rect(plot.x, plot.y, plot.w, plot.h);
  ctx.clip();
  for (const limit of spec.limits) {
    if (limit.value > top) continue;
    ctx.setLineDash([3, 2]);
    p.line(plot.x, yOf(limit.value), plot.x + plot.w, yOf(limit.value), limit.color, 0.8);
    ctx.setLineDash([]);
    p.text(
      limit.label,
      plot.x + plot.w - 2,
      yOf(limit.value) - 2,
      { ...TICK, color: limit.color },
      {
        align: 'right',
        searchable: false,
      },
    );
  }
  for (const s of spec.series) {
    ctx.beginPath();
    s.points.forEach(([t, v], i) => {
      if (i === 0) ctx.moveTo(xOf(t), yOf(v));
      else ctx.lineTo(xOf(t), yOf(v));
    });
    ctx.strokeStyle = s.color;
    ctx.lineWidth = 1;
    ctx.lineJoin = 'round';
    ctx.stroke();
  }
  ctx.restore();
}
