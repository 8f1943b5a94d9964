/**
 * Input of the replay API: the window's ends (instants with a zone, or epoch ms), the devices and the
 * timeline's width. The zod schema checks shapes (400 naming the field); `instantOf` and
 * `windowOf` check meaning, with messages of their own.
 */
import { z } from 'zod';
import { REPLAY_LIMITS } from '../../../protocol/replay.ts';
import { ApiError } from '../ApiError.ts';
import { numeric, optionalId } from '../schemas.ts';

const DAY_MS = 86_400_000;
/** Instants the replay accepts: anything a track can hold, nothing PostgreSQL would refuse. */
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

/**
 * ISO 8601 with its zone spelled out. A time without one would be read in the server's own zone,
 * which is rarely the control room's: "14:32 yesterday" must say whose 14:32.
 */
const ISO_WITH_ZONE =
  /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

const serial = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/);

/** Serial numbers as repeated parameters or one comma-separated list; empty means all. */
function splitList(v: unknown): unknown {
  if (v === undefined || v === '') return undefined;
  const raw: unknown[] = Array.isArray(v) ? (v as unknown[]) : [v];
  const parts = raw.flatMap((p) => (typeof p === 'string' ? p.split(',') : [p]));
  const list = parts.map((p) => (typeof p === 'string' ? p.trim() : p)).filter((p) => p !== '');
  return list.length === 0 ? undefined : [...new Set(list)];
}

export const windowQuery = z.object({
  from: z.string().trim().min(1).max(40),
  to: z.string().trim().min(1).max(40),
  device_sn: z.preprocess(splitList, z.array(serial).max(REPLAY_LIMITS.maxDevices).optional()),
  width: z.preprocess(
    (v) => (v === '' ? undefined : v),
    numeric(z.number().int().min(REPLAY_LIMITS.minWidth).max(REPLAY_LIMITS.maxWidth)).default(
      REPLAY_LIMITS.defaultWidth,
    ),
  ),
  workspace_id: optionalId,
});

/** Epoch ms of `text` (ISO 8601 with a zone, or epoch ms), else 400 naming `field`. */
export function instantOf(text: string, field: 'from' | 'to'): number {
  const ms = /^\d{1,15}$/.test(text)
    ? Number(text)
    : ISO_WITH_ZONE.test(text)
      ? Date.parse(text.replace(' ', 'T'))
      : Number.NaN;
  if (!Number.isFinite(ms) || ms < EARLIEST || ms > LATEST)
    throw new ApiError(400, 'replay.instant', { field });
  return ms;
}

/** The window `[from, to)` in epoch ms; 400 naming `to` when it is reversed, empty or too long. */
export function windowOf(fromText: string, toText: string): { from: number; to: number } {
  const from = instantOf(fromText, 'from');
  const to = instantOf(toText, 'to');
  if (to <= from) throw new ApiError(400, 'replay.window_order', { field: 'to' });
  if (to - from > REPLAY_LIMITS.maxDays * DAY_MS)
    throw new ApiError(400, 'replay.window_too_long', { field: 'to', days: REPLAY_LIMITS.maxDays });
  return { from, to };
}
