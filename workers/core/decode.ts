import type { JsonObject, JsonValue } from '../../protocol/telemetry.ts';
import { WATCHED_KINDS, parseTopic } from '../../protocol/mqtt/topics.ts';
import type { ParsedTopic, WatchedKind } from '../../protocol/mqtt/topics.ts';

/** Raw bytes as the MQTT client hands them over (a Node `Buffer` is a `Uint8Array` too). */
export type RawPayload = Uint8Array | string;

/** One message that passed every check: its device, kind and envelope fields. */
export interface DecodedMessage {
  sn: string;
  kind: WatchedKind;
  /** Payload `timestamp`, ms since epoch; `null` only on `drc/up`, where the protocol makes it optional. */
  ts: number | null;
  gateway: string | null;
  method: string | null;
  data: JsonObject;
  /**
   * The payload as received. A device whose detail is not due keeps a copy of it instead of `data`
   * (see `PayloadCopy`): the tree of objects parsed from it is costly to keep alive, and most such
   * bodies are replaced by the next message before anyone reads them.
   */
  payload: RawPayload;
}

export type DropReason = 'malformed' | 'unknownTopic' | 'badShape';
export type DecodeResult =
  { ok: true; message: DecodedMessage } | { ok: false; reason: DropReason };

// One decoder for the whole worker: creating one per message would dominate the hot path. `fatal`
// makes invalid UTF-8 count as malformed instead of being parsed with replacement characters.
const decoder = new TextDecoder('utf-8', { fatal: true });

const WATCHED: ReadonlySet<string> = new Set(WATCHED_KINDS);

function isWatched(kind: string): kind is WatchedKind {
  return WATCHED.has(kind);
}

/** Decodes one MQTT message: topic routing, one `JSON.parse`, envelope checks. Never throws. */
export function decodeMessage(topic: string, payload: RawPayload): DecodeResult {
  const route = routeOf(topic);
  if (route?.family !== 'thing' || !isWatched(route.kind)) {
    return { ok: false, reason: 'unknownTopic' };
  }
  const text = decodeText(payload);
  const parsed = text === undefined ? undefined : parseJson(text);
  if (text === undefined || parsed === undefined) return { ok: false, reason: 'malformed' };
  const message = readEnvelope(route.sn, route.kind, parsed, payload);
  return message === null ? { ok: false, reason: 'badShape' } : { ok: true, message };
}

/**
 * Topics repeat (five per device), so their parse is cached. The bound stops a client that invents
 * topics from growing the cache: past it the cache starts over, which only costs re-parsing.
 */
const ROUTE_CACHE_LIMIT = 50_000;
const routes = new Map<string, ParsedTopic | null>();

function routeOf(topic: string): ParsedTopic | null {
  let route = routes.get(topic);
  if (route === undefined) {
    if (routes.size >= ROUTE_CACHE_LIMIT) routes.clear();
    route = parseTopic(topic);
    routes.set(topic, route);
  }
  return route;
}

function decodeText(payload: RawPayload): string | undefined {
  try {
    return typeof payload === 'string' ? payload : decoder.decode(payload);
  } catch {
    return undefined;
  }
}

function parseJson(text: string): JsonValue | undefined {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

/**
 * The `data` body of a payload that `decodeMessage` accepted, parsed again. Decoding and parsing are
 * deterministic, so this equals that message's `data` (as new objects) and cannot fail.
 */
export function reparseData(payload: RawPayload): JsonObject {
  const text = typeof payload === 'string' ? payload : decoder.decode(payload);
  return (JSON.parse(text) as { data: JsonObject }).data;
}

/** Checks the envelope of protocol §1.2; `null` when a field has the wrong type. */
function readEnvelope(
  sn: string,
  kind: WatchedKind,
  value: JsonValue,
  payload: RawPayload,
): DecodedMessage | null {
  if (!isObject(value) || !isObject(value.data)) return null;
  const ts = readTimestamp(value.timestamp, kind === 'drc/up');
  if (ts === undefined) return null;
  const method = typeof value.method === 'string' ? value.method : null;
  if (method === null && (kind === 'events' || kind === 'drc/up')) return null;
  const gateway = typeof value.gateway === 'string' ? value.gateway : null;
  return { sn, kind, ts, gateway, method, data: value.data, payload };
}

/** A positive finite number of ms; `null` when absent and allowed; `undefined` when invalid. */
function readTimestamp(value: JsonValue | undefined, optional: boolean): number | null | undefined {
  if (value === undefined && optional) return null;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** True for a JSON object (not an array, not null). */
export function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
