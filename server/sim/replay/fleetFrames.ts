/**
 * The replay fleet's messages, built once from the simulator's own message builders so they have the
 * protocol's shape: per unit a few aircraft `osd` variants along its patrol (so consumers see motion),
 * the dock's `osd`, both `state`s, an `hms` event and the `update_topo` a dock sends on connecting.
 */
import { statusTopic, thingTopic } from '../../../protocol/mqtt/topics.ts';
import type { SimUnitDef } from '../fleet.ts';
import { offset } from '../../physics/geodesy.ts';
import { dockOsdFast, dockOsdSlow } from '../dockMessages.ts';
import {
  aircraftOsd,
  aircraftState,
  dockState,
  envelope,
  hmsData,
  updateTopo,
} from '../messages.ts';
import { createRng, mixSeed } from '../rng.ts';
import { initialState } from '../unitState.ts';
import type { UnitState } from '../unitState.ts';
import type { GasReadingData } from '../../../protocol/mqtt/payloads.ts';
import { encodeFrame } from './frames.ts';
import type { Frame } from './frames.ts';

/** Aircraft osd variants per unit; they are sent in turn, a few metres apart. */
export const OSD_VARIANTS = 4;
const STEP_M = 8;

/** A methane reading where the aircraft is (protocol `gas_reading`). */
function gasReading(state: UnitState): GasReadingData {
  return {
    sensor_id: 'replay-ch4',
    gas: 'ch4',
    value: 2,
    unit: 'ppm',
    level: 0,
    latitude: state.pos.lat,
    longitude: state.pos.lng,
    height: state.elevation,
  };
}

/** Every frame of one unit (dock + aircraft). */
export interface UnitFrames {
  dockSn: string;
  aircraftSn: string;
  topo: Frame;
  aircraftOsd: Frame[];
  dockOsd: Frame;
  aircraftState: Frame;
  dockState: Frame;
  hms: Frame;
  /** A `gas_reading` event of the aircraft: stored once per message (a row-count probe). */
  gas: Frame;
}

/** Builds the frames of `unit`; `seed` makes the run reproducible. */
export function unitFrames(unit: SimUnitDef, seed: number, now: number): UnitFrames {
  const rng = createRng(mixSeed(seed, unit.index));
  const state = initialState(unit, rng);
  // Every aircraft flies in a replay: the load is the fleet in the air.
  state.phase = 'patrol';
  state.elevation = state.cruiseAltitude;
  state.horizontalSpeed = state.cruiseSpeed;
  const gateway = unit.dock.sn;
  let seq = 0;
  const env = <D>(data: D, method?: string) => envelope(gateway, seq++, now, data, method);
  const osdTopic = thingTopic(unit.aircraft.sn, 'osd');
  const rad = (state.heading * Math.PI) / 180;
  const start = state.pos;
  const aircraft = Array.from({ length: OSD_VARIANTS }, (_, i) => {
    state.pos = offset(start, STEP_M * i * Math.sin(rad), STEP_M * i * Math.cos(rad));
    return encodeFrame(osdTopic, env(aircraftOsd(unit, state)));
  });
  const dockOsd = { ...dockOsdSlow(unit, state, now), ...dockOsdFast(unit, state) };
  return {
    dockSn: gateway,
    aircraftSn: unit.aircraft.sn,
    topo: encodeFrame(statusTopic(gateway), env(updateTopo(unit), 'update_topo')),
    aircraftOsd: aircraft,
    dockOsd: encodeFrame(thingTopic(gateway, 'osd'), env(dockOsd)),
    aircraftState: encodeFrame(
      thingTopic(unit.aircraft.sn, 'state'),
      env(aircraftState(unit, state)),
    ),
    dockState: encodeFrame(thingTopic(gateway, 'state'), env(dockState(unit))),
    hms: encodeFrame(thingTopic(gateway, 'events'), env(hmsData(state), 'hms')),
    gas: encodeFrame(thingTopic(unit.aircraft.sn, 'events'), env(gasReading(state), 'gas_reading')),
  };
}
