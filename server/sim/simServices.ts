/**
 * What a simulated dock does with the cloud's `services` and `requests_reply`: one handler per
 * method. The flight task services (`simFlightTasks`) hold or refuse `flighttask_prepare` as a real
 * dock would and, on `flighttask_execute`, fetch and check the task's file (`fetchTaskFile`) before
 * flying; AI model deploys and live streams have their own modules.
 */
import { parseTopic, thingTopic } from '../../protocol/mqtt/topics.ts';
import { renderLiveStreams } from './camera/renderLiveStreams.ts';
import { simModelDeploy } from './ai/simModelDeploy.ts';
import { dockRequests } from './dockRequests.ts';
import { fetchTaskFile } from './fetchTaskFile.ts';
import type { SimUnitDef } from './fleet.ts';
import { controlFlight, executeTask, prepareTask, undoTasks } from './simFlightTasks.ts';
import type { FlightTaskDock } from './simFlightTasks.ts';
import type { UnitState } from './unitState.ts';

export { SIM_CODES } from './simTaskCodes.ts';

export interface SimServicesDeps {
  def: SimUnitDef;
  state: () => UnitState;
  now: () => number;
  publish: (topic: string, payload: string) => void;
  /** Downloads a task file (real HTTP by default). */
  download?: (url: string) => Promise<Uint8Array>;
  /** DRC services of the dock (server/sim/drc); null: not a DRC service, handled here. */
  drc?: (method: string, data: unknown) => number | null;
}

type Body = { tid?: unknown; bid?: unknown; method?: unknown; data?: unknown };

/** What a service handler reaches of its dock. */
interface SimDock extends FlightTaskDock {
  models: ReturnType<typeof simModelDeploy>;
  live: ReturnType<typeof renderLiveStreams>;
}

/** One service: 0 or a refusal code; null leaves the method unanswered. */
type ServiceHandler = (dock: SimDock, data: unknown, method: string) => number | null;

const live: ServiceHandler = (dock, data, method) => dock.live.service(method, data);

/** Every service handled here. A Map: a method named like an Object member is no key. */
const SERVICES = new Map<string, ServiceHandler>(
  Object.entries({
    flighttask_prepare: prepareTask,
    flighttask_execute: executeTask,
    flighttask_undo: undoTasks,
    flighttask_pause: controlFlight,
    flighttask_recovery: controlFlight,
    return_home: controlFlight,
    ai_model_deploy: (dock, data) => dock.models.service(data),
    ai_model_undeploy: (dock, data) => dock.models.undeploy(data),
    live_start_push: live,
    live_stop_push: live,
    live_set_quality: live,
    live_lens_change: live,
  } satisfies Record<string, ServiceHandler>),
);

async function httpDownload(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${String(response.status)}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The service handler of one simulated dock. */
export function simServices(deps: SimServicesDeps) {
  const dockSn = deps.def.dock.sn;
  const download = deps.download ?? httpDownload;
  const requests = dockRequests({ dockSn, now: deps.now, publish: deps.publish });
  const dock: SimDock = {
    state: deps.state,
    now: deps.now,
    load: (flight) => void fetchTaskFile({ ask: requests.ask, download }, flight),
    live: renderLiveStreams({ def: deps.def, state: deps.state, now: deps.now }),
    models: simModelDeploy({ def: deps.def, now: deps.now, publish: deps.publish, download }),
  };

  function service(method: string, data: unknown): number | null {
    const drc = deps.drc?.(method, data);
    if (drc != null) return drc;
    return SERVICES.get(method)?.(dock, data, method) ?? null;
  }

  return {
    /** One message on the dock's `services` or `requests_reply` topic. */
    handle(topic: string, payload: Uint8Array): void {
      const parsed = parseTopic(topic);
      let body: Body;
      try {
        body = JSON.parse(Buffer.from(payload).toString('utf8')) as Body;
      } catch {
        return;
      }
      if (parsed?.family !== 'thing' || typeof body.method !== 'string') return;
      if (parsed.kind === 'requests_reply') {
        requests.answer(typeof body.tid === 'string' ? body.tid : '', body.data);
        return;
      }
      if (parsed.kind !== 'services') return;
      const result = service(body.method, body.data);
      // Methods this dock does not know go unanswered here: other services are not simulated.
      if (result === null) return;
      deps.publish(
        thingTopic(dockSn, 'services_reply'),
        JSON.stringify({
          tid: body.tid,
          bid: body.bid,
          method: body.method,
          data: { result },
          timestamp: deps.now(),
        }),
      );
    },
  };
}
