/**
 * The replay's one timeline: an axis, a row of event marks (hover says what each was, a click jumps
 * there), a lane per device (flying, in the dock, online, offline) and the cursor. Drag anywhere on
 * the time area to scrub; with the timeline focused ← and → step (Shift: ten steps), Space plays or
 * pauses, Home and End go to the window's ends.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReplayEvent, ReplayLane, ReplayWindow } from '../../../protocol/replay.ts';
import { formatTime } from '../../lib/time.ts';
import { KIND_COLOURS, LANE_COLOURS } from './colours.ts';
import type { EventWords } from './eventWords.ts';
import type { Player, PlayerState } from './player.ts';
import type { Scale } from './timelineScale.ts';
import { tOf, ticksOf, xOf } from './timelineScale.ts';

const AXIS_H = 20;
const MARKS_H = 22;
const ROW_H = 18;
/** Widths round to this step before the server is asked again, so a resize does not refetch. */
const WIDTH_STEP = 100;

interface Props {
  data: ReplayWindow | null;
  state: PlayerState;
  player: Player;
  stepMs: number;
  selected: string | null;
  onSelect: (sn: string) => void;
  /** The time area's width in pixels, rounded. */
  onWidth: (px: number) => void;
  describe: (e: ReplayEvent) => EventWords;
}

/** One mark per kind and pixel: thousands of events stay a few hundred shapes. */
function marksOf(events: readonly ReplayEvent[], scale: Scale): ReplayEvent[] {
  const seen = new Set<string>();
  return events.filter((e) => {
    if (e.t < scale.from || e.t > scale.to) return false;
    const key = `${e.kind}:${String(Math.round(xOf(scale, e.t)))}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Handles the timeline's keys; true when the key was one of them. */
export function timelineKey(key: string, shift: boolean, player: Player, stepMs: number): boolean {
  const s = player.state();
  if (key === 'ArrowLeft' || key === 'ArrowRight')
    player.step(key === 'ArrowLeft' ? -1 : 1, shift ? stepMs * 10 : stepMs);
  else if (key === ' ' || key === 'Spacebar') player.toggle();
  else if (key === 'Home') player.seek(s.from);
  else if (key === 'End') player.seek(s.to);
  else return false;
  return true;
}

/** The width of an element, followed as it resizes. */
function useWidth(box: RefObject<HTMLDivElement | null>): number {
  // 0 until measured: a guess would ask the server for a window it then asks for again.
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (el === null) return;
    const observer = new ResizeObserver(([entry]) => {
      const w = entry?.contentRect.width ?? 0;
      if (w > 0) setWidth(w);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [box]);
  return width;
}

/** Dragging on the time area moves the cursor; the names on the left are left to their clicks. */
function useScrub(scale: Scale, player: Player) {
  const dragging = useRef(false);
  const xIn = (e: PointerEvent<SVGSVGElement>) =>
    e.clientX - e.currentTarget.getBoundingClientRect().left;
  return {
    onPointerDown: (e: PointerEvent<SVGSVGElement>) => {
      if (xIn(e) < scale.left) return;
      dragging.current = true;
      e.currentTarget.setPointerCapture(e.pointerId);
      player.seek(tOf(scale, xIn(e)));
    },
    onPointerMove: (e: PointerEvent<SVGSVGElement>) => {
      if (dragging.current) player.seek(tOf(scale, xIn(e)));
    },
    onPointerUp: () => {
      dragging.current = false;
    },
    onPointerCancel: () => {
      dragging.current = false;
    },
  };
}

interface MarksProps {
  marks: readonly ReplayEvent[];
  scale: Scale;
  onHover: (e: ReplayEvent | null) => void;
  onPick: (e: ReplayEvent) => void;
  describe: (e: ReplayEvent) => EventWords;
}

/** The row of event marks. */
function Marks({ marks, scale, onHover, onPick, describe }: MarksProps) {
  return marks.map((e) => {
    const words = describe(e);
    return (
      <rect
        key={e.id}
        className="replay-mark"
        x={xOf(scale, e.t) - 1.5}
        y={AXIS_H + 3}
        width={3}
        height={MARKS_H - 6}
        fill={KIND_COLOURS[e.kind]}
        onPointerEnter={() => onHover(e)}
        onPointerLeave={() => onHover(null)}
        onPointerDown={(ev) => ev.stopPropagation()}
        onClick={() => onPick(e)}
        data-testid="replay-mark"
        data-kind={e.kind}
        data-t={e.t}
      >
        <title>{`${words.kind}: ${words.what}`}</title>
      </rect>
    );
  });
}

interface LanesProps {
  lanes: readonly ReplayLane[];
  names: ReadonlyMap<string, string>;
  scale: Scale;
  selected: string | null;
  onSelect: (sn: string) => void;
}

/** A lane per device: its name, then its spans coloured by state. */
function Lanes({ lanes, names, scale, selected, onSelect }: LanesProps) {
  const { t } = useTranslation('replay');
  return lanes.map((lane, row) => {
    const y = AXIS_H + MARKS_H + row * ROW_H;
    return (
      <g key={lane.sn} data-testid="replay-lane" data-sn={lane.sn}>
        <text
          className={`replay-lane-name${lane.sn === selected ? ' is-selected' : ''}`}
          x={4}
          y={y + 13}
          onClick={() => onSelect(lane.sn)}
        >
          {(names.get(lane.sn) ?? lane.sn).slice(0, scale.left < 100 ? 9 : 18)}
        </text>
        {lane.state.map((state, i) => {
          const x1 = xOf(scale, lane.start[i] ?? 0);
          const x2 = xOf(scale, lane.end[i] ?? 0);
          return (
            <rect
              key={lane.start[i]}
              className="replay-span"
              x={x1}
              y={y + 3}
              width={Math.max(1, x2 - x1)}
              height={ROW_H - 6}
              fill={LANE_COLOURS[state]}
              data-state={state}
            >
              <title>{`${t(`timeline.states.${state}`)} ${formatTime(lane.start[i])} – ${formatTime(lane.end[i])}`}</title>
            </rect>
          );
        })}
      </g>
    );
  });
}

export function Timeline(p: Props) {
  const { t } = useTranslation('replay');
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const [hover, setHover] = useState<ReplayEvent | null>(null);
  const { onWidth } = p;
  const label = width < 600 ? 84 : 150;
  const scale: Scale = {
    from: p.state.from,
    to: p.state.to,
    left: label,
    width: Math.max(50, width - label - 8),
  };
  useEffect(() => {
    if (width > 0) onWidth(Math.max(WIDTH_STEP, Math.round(scale.width / WIDTH_STEP) * WIDTH_STEP));
  }, [width, scale.width, onWidth]);
  const scrub = useScrub(scale, p.player);
  const lanes = p.data?.lanes ?? [];
  const names = new Map((p.data?.devices ?? []).map((d) => [d.sn, d.name || d.sn]));
  const events = p.data?.events;
  const marks = useMemo(
    () =>
      marksOf(events ?? [], {
        from: p.state.from,
        to: p.state.to,
        left: label,
        width: scale.width,
      }),
    [events, p.state.from, p.state.to, label, scale.width],
  );
  const height = AXIS_H + MARKS_H + lanes.length * ROW_H + 4;
  const cursorX = xOf(scale, p.state.t);
  const words = hover === null ? null : p.describe(hover);
  return (
    <div
      className="replay-timeline"
      ref={box}
      tabIndex={0}
      role="slider"
      aria-label={t('timeline.label')}
      aria-valuemin={p.state.from}
      aria-valuemax={p.state.to}
      aria-valuenow={p.state.t}
      aria-valuetext={formatTime(p.state.t)}
      onKeyDown={(e: KeyboardEvent<HTMLDivElement>) => {
        if (timelineKey(e.key, e.shiftKey, p.player, p.stepMs)) e.preventDefault();
      }}
      data-testid="replay-timeline"
    >
      <div className="replay-hover" data-testid="replay-hover">
        {words && hover
          ? `${formatTime(hover.t)} · ${names.get(hover.sn) ?? hover.sn} · ${words.kind}: ${words.what}${words.detail ? ` · ${words.detail}` : ''}`
          : ' '}
      </div>
      <svg width={width} height={height} className="replay-svg" {...scrub} data-testid="replay-svg">
        <rect className="replay-scrub" x={scale.left} y={0} width={scale.width} height={height} />
        {ticksOf(scale).map((tick) => (
          <g key={tick.t} className="replay-tick">
            <line x1={xOf(scale, tick.t)} x2={xOf(scale, tick.t)} y1={AXIS_H - 5} y2={height} />
            <text x={xOf(scale, tick.t)} y={AXIS_H - 8}>
              {tick.label}
            </text>
          </g>
        ))}
        <text className="replay-lane-name" x={4} y={AXIS_H + 15}>
          {t('timeline.events')}
        </text>
        <Marks
          marks={marks}
          scale={scale}
          onHover={setHover}
          onPick={(e) => {
            p.player.seek(e.t);
            p.onSelect(e.sn);
          }}
          describe={p.describe}
        />
        <Lanes
          lanes={lanes}
          names={names}
          scale={scale}
          selected={p.selected}
          onSelect={p.onSelect}
        />
        <line className="replay-cursor" x1={cursorX} x2={cursorX} y1={0} y2={height} />
        <circle className="replay-cursor-knob" cx={cursorX} cy={AXIS_H - 2} r={5} />
      </svg>
    </div>
  );
}
