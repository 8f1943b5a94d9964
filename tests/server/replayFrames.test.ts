/**
 * The replay generator's encoder: frames are valid MQTT packets whose payload is the protocol message
 * the simulator builds, the patched timestamp reads back as a number, and a fleet replayed with each
 * dock's own credentials through the embedded broker arrives as the ingestion decodes it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { connect } from 'mqtt';
import { parseTopic } from '../../protocol/mqtt/topics.ts';
import type { AircraftOsd, AircraftOsdMessage } from '../../protocol/mqtt/payloads.ts';
import { decodeEnvelope } from '../../server/mqtt/decode.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import { unitFrames } from '../../server/sim/replay/fleetFrames.ts';
import {
  encodeFrame,
  readTimestamp,
  timestampOffset,
  writeTimestamp,
} from '../../server/sim/replay/frames.ts';
import type { Frame } from '../../server/sim/replay/frames.ts';
import { startReplay } from '../../server/sim/replay/replay.ts';
import {
  openFixture,
  recordingLog,
  registerTestFleet,
  SERVER_SECRET,
  SIM_KEY,
  startBroker,
} from './mqttFixtures.ts';

/** Splits a QoS 0 PUBLISH packet into topic and payload (MQTT 3.1.1 §3.3). */
function unpack(packet: Buffer): { topic: string; payload: Buffer } {
  let at = 1;
  while ((packet[at] ?? 0) & 0x80) at++;
  at++;
  const topicLength = packet.readUInt16BE(at);
  return {
    topic: packet.subarray(at + 2, at + 2 + topicLength).toString('utf8'),
    payload: packet.subarray(at + 2 + topicLength),
  };
}

const body = (frame: Frame) => JSON.parse(unpack(frame.packet).payload.toString()) as unknown;

describe('replay frames', () => {
  it('patches the timestamp in place, keeping the packet a valid publish', () => {
    const message = { tid: 't', bid: 'b', timestamp: 5, gateway: '站点', data: { latitude: 22.5 } };
    const frame = encodeFrame('thing/product/X1/osd', message);
    const length = frame.packet.length;
    writeTimestamp(frame.packet, frame.timestampAt, 1_763_856_000_123);
    expect(frame.packet.length).toBe(length);
    expect(readTimestamp(frame.packet, frame.timestampAt)).toBe(1_763_856_000_123);
    const { topic, payload } = unpack(frame.packet);
    expect(topic).toBe('thing/product/X1/osd');
    expect(JSON.parse(payload.toString())).toEqual({
      tid: 't',
      bid: 'b',
      timestamp: 1_763_856_000_123,
      gateway: '站点',
      data: { latitude: 22.5 },
    });
    expect(readTimestamp(payload, timestampOffset(payload))).toBe(1_763_856_000_123);
  });

  it('carries protocol-shaped messages for every stream of a unit', () => {
    const [unit] = buildFleet({ drones: 1, seed: 3, center: DEFAULT_CENTER });
    if (!unit) throw new Error('no unit');
    const frames = unitFrames(unit, 3, Date.UTC(2026, 10, 23));
    const osds = frames.aircraftOsd.map((f) => body(f) as AircraftOsdMessage);
    for (const [i, f] of frames.aircraftOsd.entries()) {
      writeTimestamp(f.packet, f.timestampAt, 1_800_000_000_000 + i);
      const decoded = decodeEnvelope(unpack(f.packet).payload);
      expect(decoded?.timestamp).toBe(1_800_000_000_000 + i);
      expect(decoded?.gateway).toBe(unit.dock.sn);
      expect(parseTopic(f.topic)).toMatchObject({ kind: 'osd', sn: unit.aircraft.sn });
    }
    // Every field the aircraft osd type names, with numbers where the protocol has numbers.
    const keys: (keyof AircraftOsd)[] = ['latitude', 'longitude', 'height', 'attitude_head'];
    for (const osd of osds) for (const k of keys) expect(typeof osd.data[k]).toBe('number');
    expect(osds[0]?.data.battery?.capacity_percent).toBeGreaterThan(0);
    // The variants move the aircraft: consumers see a track, not a parked drone.
    expect(new Set(osds.map((o) => `${o.data.latitude},${o.data.longitude}`)).size).toBe(
      osds.length,
    );
    expect(decodeEnvelope(unpack(frames.topo.packet).payload)?.method).toBe('update_topo');
    expect(decodeEnvelope(unpack(frames.hms.packet).payload)?.method).toBe('hms');
    expect(parseTopic(frames.dockOsd.topic)).toMatchObject({ kind: 'osd', sn: unit.dock.sn });
    expect(decodeEnvelope(unpack(frames.dockState.packet).payload)?.data).toHaveProperty(
      'firmware_version',
    );
  });
});

describe('replay through the embedded broker', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('signs every dock in with its own secret and delivers the osd it offers', async () => {
    const fx = await openFixture();
    cleanups.push(() => fx.db.close());
    await registerTestFleet(fx, 3);
    const harness = await startBroker(fx.db, recordingLog());
    cleanups.push(() => harness.close());
    const watcher = connect(harness.tcpUrl, {
      username: 'skydeck-server',
      password: SERVER_SECRET,
      clientId: 'replay-test-watcher',
    });
    cleanups.push(() => watcher.endAsync(true));
    await new Promise<void>((resolve) => watcher.once('connect', () => resolve()));
    await watcher.subscribeAsync('thing/product/+/osd');
    const seen = new Map<string, number>();
    watcher.on('message', (topic, payload) => {
      const msg = decodeEnvelope(payload);
      if (msg?.timestamp !== undefined) seen.set(topic, (seen.get(topic) ?? 0) + 1);
    });
    const replay = await startReplay({
      url: harness.tcpUrl,
      aircraft: 3,
      rate: 10,
      docks: 3,
      dockRate: 1,
      stateEvery: 0,
      eventEvery: 0,
      connections: 'per-device',
      fewCount: 1,
      key: SIM_KEY,
      seed: 1,
    });
    cleanups.push(() => replay.stop());
    expect(replay.connected).toBe(3);
    await expect
      .poll(() => [...seen.keys()].filter((t) => t.includes('UAV')).length, { timeout: 10_000 })
      .toBe(3);
    expect(harness.broker.refusedMessages()).toBe(0);
  });
});
