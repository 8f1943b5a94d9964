import type { Fields } from '../../server/mqtt/decode.ts';
import type { DeviceLink } from '../../server/tasks/DeviceLink.ts';

/** A stand-in for the broker and the docks behind it: records services, answers with `answer`. */
export interface FakeDocks {
  link: DeviceLink;
  calls: { sn: string; method: string; data: Record<string, unknown> }[];
  published: { topic: string; payload: Record<string, unknown> }[];
  /** Result code per service method (default 0); -1 means no reply. */
  answer: (method: string) => number;
  /** Runs while a service is out, before its reply arrives (a dock's event overtaking the reply). */
  during: (method: string, data: Record<string, unknown>) => void;
  emit(sn: string, method: string, data: Fields): void;
}

/** Creates the fake. */
export function fakeDocks(): FakeDocks {
  const listeners = new Set<(sn: string, method: string, data: Fields) => void>();
  const fake: FakeDocks = {
    calls: [],
    published: [],
    answer: () => 0,
    during: () => undefined,
    emit: (sn, method, data) => {
      for (const listener of listeners) listener(sn, method, data);
    },
    link: {
      call: (sn, method, data) => {
        fake.calls.push({ sn, method, data: data as Record<string, unknown> });
        fake.during(method, data as Record<string, unknown>);
        return Promise.resolve({ result: fake.answer(method), latencyMs: 7 });
      },
      publish: (topic, payload) => {
        fake.published.push({ topic, payload: payload as Record<string, unknown> });
      },
      onEvent: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      close: () => Promise.resolve(),
    },
  };
  return fake;
}

/** A `flighttask_progress` body as a dock sends it. */
export function progress(
  flightId: string,
  status: string,
  percent: number,
  waypoint: number,
  result = 0,
): Fields {
  return {
    result,
    output: {
      status,
      progress: { current_step: 24, percent },
      ext: { flight_id: flightId, current_waypoint_index: waypoint, media_count: 0 },
    },
  };
}
