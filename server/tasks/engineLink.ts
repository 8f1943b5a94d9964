/**
 * The task engine's view of the device gateway: its services, its `taskInfo` pushes and the two
 * events it follows. The engine keeps its narrow `DeviceLink` port so its tests drive fake docks.
 */
import type { DeviceGateway } from '../devices/DeviceGateway.ts';
import type { DeviceLink } from './DeviceLink.ts';

/** How long a task service waits for its `services_reply`, ms. */
const REPLY_TIMEOUT_MS = 15_000;

/** The events the engine applies (progress.ts). */
export const TASK_EVENTS = ['flighttask_progress', 'flighttask_ready'] as const;

/** The engine's link over `devices`; closing it only stops its listeners. */
export function engineLink(devices: DeviceGateway): DeviceLink {
  const stops = new Set<() => void>();
  return {
    call: (gatewaySn, method, data) =>
      devices.call(gatewaySn, method, data, { timeoutMs: REPLY_TIMEOUT_MS }),
    publish: (topic, payload) => devices.publish(topic, payload),
    onEvent(listener) {
      const offs = TASK_EVENTS.map((method) =>
        devices.onEvent(method, (sn, msg) => listener(sn, method, msg.data)),
      );
      const stop = () => {
        for (const off of offs) off();
        stops.delete(stop);
      };
      stops.add(stop);
      return stop;
    },
    close() {
      for (const stop of [...stops]) stop();
      return Promise.resolve();
    },
  };
}
