/**
 * How a simulated dock keeps its custom flight areas, as DJI's sequence describes a real one: told
 * `flight_areas_update` on `services` (answered on `services_reply`), it asks `flight_areas_get` on
 * `requests`, downloads the file the reply links, checks its size and SHA-256 against the reply, and
 * reports `flight_areas_sync_progress` on `events` (`synchronizing`, then `synchronized`, or `fail`
 * with the documented reason: 1 reply unreadable, 3 download failed, 8 file not loadable, 12
 * checksum mismatch). It also asks once when it connects, like a dock comparing its file version at
 * power-on; that check reports only when something changed.
 */
import { randomUUID } from 'node:crypto';
import {
  FLIGHT_AREA_REASON_CHECKSUM,
  FLIGHT_AREA_REASON_DOWNLOAD,
  FLIGHT_AREA_REASON_PARSE,
} from '../../../protocol/airspace.ts';
import type { FlightAreaFileRef, FlightAreaSyncStatus } from '../../../protocol/airspace.ts';
import { parseTopic, thingTopic } from '../../../protocol/mqtt/topics.ts';
import { checksumOf, readFlightAreaFile } from '../../airspace/flightAreaFile.ts';
import type { FileArea } from '../../airspace/flightAreaFile.ts';
import type { SimUnitDef } from '../fleet.ts';

/** `reason` 8: the aircraft could not load the area data (a file that is not one). */
const REASON_LOAD = 8;
const REQUEST_TIMEOUT_MS = 15_000;
/**
 * The connect-time check waits this long, ms: the dock subscribes to its replies on the same
 * connect, and a request sent before that could be answered into the void.
 */
const CONNECT_CHECK_DELAY_MS = 2_000;

export interface SimAreaSyncDeps {
  def: SimUnitDef;
  now: () => number;
  publish: (topic: string, payload: string) => void;
  /** Downloads the file (real HTTP by default). */
  download?: (url: string) => Promise<Uint8Array>;
}

/** The file the dock holds: its name and checksum as the cloud announced them. */
interface Held {
  name: string;
  checksum: string;
}

async function httpDownload(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${String(response.status)}`);
  return new Uint8Array(await response.arrayBuffer());
}

const record = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};

/** The files of a `flight_areas_get` reply; null when the reply is a refusal or unreadable. */
function filesOf(data: unknown): FlightAreaFileRef[] | null {
  const body = record(data);
  const files = record(body.output).files;
  if (body.result !== 0 || !Array.isArray(files)) return null;
  const out: FlightAreaFileRef[] = [];
  for (const f of files) {
    const { name, url, checksum, size } = record(f);
    if (typeof name !== 'string' || typeof url !== 'string' || typeof checksum !== 'string')
      return null;
    if (typeof size !== 'number') return null;
    out.push({ name, url, checksum, size });
  }
  return out;
}

/** What the dock keeps between rounds: the enabled areas and the file they came from. */
interface Kept {
  areas: FileArea[];
  held: Held | null;
}

/** What a round does with the outside world. */
interface Round {
  askFiles(): Promise<unknown>;
  progress(status: FlightAreaSyncStatus, reason: number, file: Held | null): void;
  download(url: string): Promise<Uint8Array>;
}

/** One round: ask, compare, download, check, load; `told`: the cloud asked for it (report always). */
async function syncOnce(io: Round, kept: Kept, told: boolean): Promise<void> {
  const reply = await io.askFiles();
  // Unanswered at power-on: nothing to say yet; the cloud's next update starts a round anyway.
  if (reply === null && !told) return;
  const files = filesOf(reply);
  if (!files) return io.progress('fail', FLIGHT_AREA_REASON_PARSE, kept.held);
  const file = files[0];
  if (!file) {
    const had = kept.held !== null;
    kept.areas = [];
    kept.held = null;
    if (told || had) io.progress('synchronized', 0, null);
    return;
  }
  const wanted = { name: file.name, checksum: file.checksum };
  if (kept.held?.checksum === file.checksum) {
    if (told) io.progress('synchronized', 0, kept.held);
    return;
  }
  io.progress('synchronizing', 0, wanted);
  let bytes: Uint8Array;
  try {
    bytes = await io.download(file.url);
  } catch {
    return io.progress('fail', FLIGHT_AREA_REASON_DOWNLOAD, wanted);
  }
  if (bytes.length !== file.size || checksumOf(bytes) !== file.checksum)
    return io.progress('fail', FLIGHT_AREA_REASON_CHECKSUM, wanted);
  const read = readFlightAreaFile(bytes);
  if (!read) return io.progress('fail', REASON_LOAD, wanted);
  kept.areas = read.filter((a) => a.enabled);
  kept.held = wanted;
  io.progress('synchronized', 0, wanted);
}

/** The flight-area side of one simulated dock. */
export function simAreaSync(deps: SimAreaSyncDeps) {
  const dockSn = deps.def.dock.sn;
  const download = deps.download ?? httpDownload;
  const waiting = new Map<string, (data: unknown) => void>();
  const kept: Kept = { areas: [], held: null };
  const round: Round = { askFiles, progress, download };
  let running: Promise<void> | null = null;
  let again: boolean | null = null;
  let connectCheck: ReturnType<typeof setTimeout> | null = null;

  function send(kind: 'requests' | 'events' | 'services_reply', body: Record<string, unknown>) {
    deps.publish(
      thingTopic(dockSn, kind),
      JSON.stringify({ bid: randomUUID(), tid: randomUUID(), ...body, timestamp: deps.now() }),
    );
  }

  function progress(status: FlightAreaSyncStatus, reason: number, file: Held | null): void {
    send('events', {
      gateway: dockSn,
      method: 'flight_areas_sync_progress',
      need_reply: 1,
      data: {
        ...(file ? { file: { name: file.name, checksum: file.checksum } } : {}),
        reason,
        status,
      },
    });
  }

  function askFiles(): Promise<unknown> {
    const tid = randomUUID();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(tid);
        resolve(null);
      }, REQUEST_TIMEOUT_MS);
      timer.unref();
      waiting.set(tid, (data) => {
        clearTimeout(timer);
        resolve(data);
      });
      send('requests', { tid, gateway: dockSn, method: 'flight_areas_get', data: null });
    });
  }

  /** Runs a round, or queues one after the round under way (an update during a download). */
  function sync(told: boolean): Promise<void> {
    if (running) {
      again = (again ?? false) || told;
      return running;
    }
    running = (async () => {
      let next: boolean | null = told;
      while (next !== null) {
        again = null;
        await syncOnce(round, kept, next).catch(() => undefined);
        next = again;
      }
      running = null;
    })();
    return running;
  }

  return {
    /** The enabled areas the dock holds now. */
    areas: (): readonly FileArea[] => kept.areas,
    /** The checksum of the file held, or null. */
    checksum: (): string | null => kept.held?.checksum ?? null,
    /** Waits for the round under way (tests). */
    settled: (): Promise<void> => running ?? Promise.resolve(),
    /** The dock (re)connected: compare with the cloud's version, once its replies can arrive. */
    connected(): void {
      if (connectCheck) clearTimeout(connectCheck);
      connectCheck = setTimeout(() => {
        connectCheck = null;
        void sync(false);
      }, CONNECT_CHECK_DELAY_MS);
      connectCheck.unref();
    },
    /** Cancels the pending connect-time check (the simulator stops). */
    stop(): void {
      if (connectCheck) clearTimeout(connectCheck);
      connectCheck = null;
    },
    /** One message on the dock's `services` or `requests_reply`; true when it was ours. */
    handle(topic: string, payload: Uint8Array): boolean {
      const parsed = parseTopic(topic);
      if (parsed?.family !== 'thing') return false;
      let body: Record<string, unknown>;
      try {
        body = record(JSON.parse(Buffer.from(payload).toString('utf8')));
      } catch {
        return false;
      }
      if (parsed.kind === 'requests_reply' && typeof body.tid === 'string') {
        const resolve = waiting.get(body.tid);
        if (!resolve) return false;
        waiting.delete(body.tid);
        resolve(body.data);
        return true;
      }
      if (parsed.kind !== 'services' || body.method !== 'flight_areas_update') return false;
      send('services_reply', {
        tid: body.tid,
        bid: body.bid,
        method: 'flight_areas_update',
        data: { result: 0 },
      });
      void sync(true);
      return true;
    },
  };
}

export type SimAreaSync = ReturnType<typeof simAreaSync>;
