/** The simulator's side of `SimulatorHooks`: what it lends the server, built by the composition root. */
import type { Config } from '../config.ts';
import type { SimulatorHooks } from '../devices/simulatorHooks.ts';
import { renderSnapshot } from './ai/renderSnapshot.ts';
import { setDrcExtraDelay } from './drc/delayInjection.ts';
import { buildFleet } from './fleet.ts';

export function simulatorHooks(config: Config): SimulatorHooks {
  const aircraftSns =
    config.simDrones === 0
      ? []
      : buildFleet({
          drones: config.simDrones,
          seed: config.simSeed,
          center: config.simCenter,
        }).map((unit) => unit.aircraft.sn);
  return { aircraftSns, renderSnapshot, setDrcExtraDelay };
}
