/**
 * Reading JSON that arrives over MQTT without trusting its shape: the typed readers of the worker
 * (the cockpit's `drc/up`, the pushed run updates) build their messages from these.
 */

/** A JSON object whose fields are not known yet. */
export type Loose = Record<string, unknown>;

const decoder = new TextDecoder();

/** The JSON value in `payload`, or `undefined` when it is not JSON. */
export function readJson(payload: Uint8Array): unknown {
  try {
    return JSON.parse(decoder.decode(payload)) as unknown;
  } catch {
    return undefined;
  }
}

export const isObject = (v: unknown): v is Loose =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A finite number, or `null`. */
export const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;
