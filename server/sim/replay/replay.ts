/**
 * The replay load generator: a fleet's pre-encoded messages published at an exact rate. Every stream
 * (aircraft osd, dock osd, states, events) is a token bucket on one clock: each tick sends what is due
 * since the start, so the offered rate does not drift with timer jitter or a slow tick.
 */
import { buildFleet, DEFAULT_CENTER, DEFAULT_SN_PREFIX } from '../fleet.ts';
import type { LatLng } from '../../physics/geodesy.ts';
import { connectFleet } from './connectFleet.ts';
import type { FleetLogin } from './connectFleet.ts';
import { unitFrames } from './fleetFrames.ts';
import type { RawClient } from './rawClient.ts';
import { replayStreams } from './replayStreams.ts';
import type { StreamRates } from './replayStreams.ts';
import { sendFrame } from './sendFrame.ts';

const TICK_MS = 5;

/** What a replay is started with: where, the fleet's login and the rates (see the two parts). */
export interface ReplayOptions extends StreamRates, Omit<FleetLogin, 'host' | 'port'> {
  /** `mqtt://host:port` (TCP only). */
  url: string;
  seed: number;
  prefix?: string;
  center?: LatLng;
}

export interface ReplayReport {
  sent: number;
  /** Events sent (all streams' totals are in `sent`). */
  events: number;
  /** Messages per second since the previous report. */
  rate: number;
  /** CPU of this process since the previous report, % of one core. */
  cpuPercent: number;
  /** CPU ms this process spends per second for every 1 000 msgs/s it sends. */
  cpuMsPer1000: number;
  /** Bytes queued in sockets (the broker reads slower than offered). */
  backlog: number;
}

export interface Replay {
  readonly connected: number;
  readonly offered: number;
  report(): ReplayReport;
  stop(): Promise<void>;
}

/** Connects the fleet, announces every dock (`update_topo`) and starts publishing. */
export async function startReplay(o: ReplayOptions): Promise<Replay> {
  const { hostname, port, protocol } = new URL(o.url);
  if (protocol !== 'mqtt:') throw new Error(`replay needs an mqtt:// URL, got ${o.url}`);
  const fleet = buildFleet({
    drones: o.aircraft,
    seed: o.seed,
    center: o.center ?? DEFAULT_CENTER,
    prefix: o.prefix ?? DEFAULT_SN_PREFIX,
  });
  const born = Date.now();
  const units = fleet.map((u) => unitFrames(u, o.seed, born));
  const { clients, clientOf } = await connectFleet(units, {
    host: hostname || '127.0.0.1',
    port: Number(port || 1883),
    connections: o.connections,
    fewCount: o.fewCount,
    username: o.username,
    password: o.password,
    key: o.key,
  });
  // A dock announces its aircraft first: the broker only lets it speak for announced children.
  const announcedAt = Date.now();
  units.forEach((u, i) => {
    const c = clientOf[i] as RawClient;
    sendFrame(u.topo, c, announcedAt);
    sendFrame(u.dockState, c, announcedAt);
    sendFrame(u.aircraftState, c, announcedAt);
  });
  for (const c of clients) c.flush();

  const streams = replayStreams(o, units, clientOf);
  let sent = 0;
  const start = performance.now();
  const tick = () => {
    const clock = performance.now();
    const now = Math.floor(performance.timeOrigin + clock);
    const elapsed = (clock - start) / 1000;
    for (const s of streams) {
      const due = Math.floor(elapsed * s.perSecond) - s.sent;
      for (let k = 0; k < due; k++) {
        s.send(s.next, now);
        s.next = (s.next + 1) % s.size;
      }
      s.sent += due;
      sent += due * s.messages;
    }
    for (const c of clients) c.flush();
  };
  const timer = setInterval(tick, TICK_MS);

  let last = { at: performance.now(), sent: 0, cpu: process.cpuUsage() };
  return {
    connected: clients.length,
    offered: streams.reduce((n, s) => n + s.perSecond * s.messages, 0),
    report() {
      const at = performance.now();
      const cpu = process.cpuUsage(last.cpu);
      const seconds = (at - last.at) / 1000;
      const rate = seconds > 0 ? (sent - last.sent) / seconds : 0;
      const cpuMs = (cpu.user + cpu.system) / 1000 / Math.max(seconds, 1e-9);
      last = { at, sent, cpu: process.cpuUsage() };
      return {
        sent,
        events: streams.find((s) => s.kind === 'events')?.sent ?? 0,
        rate: Math.round(rate),
        cpuPercent: Math.round(cpuMs / 10),
        cpuMsPer1000: rate > 0 ? Number(((cpuMs * 1000) / rate).toFixed(1)) : 0,
        backlog: clients.reduce((n, c) => n + c.backlog(), 0),
      };
    },
    async stop() {
      clearInterval(timer);
      tick();
      await Promise.all(clients.map((c) => c.close()));
    },
  };
}
