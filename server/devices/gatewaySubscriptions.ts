/**
 * The topic filters the device gateway's sessions subscribe: whatever a feature listens to now, on
 * the lanes each session feeds (gateway.ts explains the lanes).
 */
import type { Lane, UpHandler, UpKind } from './DeviceGateway.ts';
import type { GatewayState } from './gatewayState.ts';
import type { HeardKind, Listeners } from './listeners.ts';

const filterOf = (kind: 'services_reply' | HeardKind | UpKind) =>
  kind === 'status' ? 'sys/product/+/status' : `thing/product/+/${kind}`;

export interface GatewaySubscriptions {
  /** The lanes the first session's `events` and `status` feed. */
  ownLanes: () => readonly Lane[];
  /** Every filter someone listens on now; `services_reply` always (calls may come any time). */
  filters: () => string[];
  /** The shared session's filters: the `deployment` lane's kinds, in the deployment's group. */
  sharedFilters: () => string[];
  /** Subscribes what listeners added since the sessions opened now hear. */
  resubscribe(): void;
}

/** Lets the gateway's sessions subscribe exactly what its features listen to. */
export function createGatewaySubscriptions(
  state: GatewayState,
  listeners: Listeners,
  ups: ReadonlyMap<UpKind, Set<UpHandler>>,
  shareGroup: string,
): GatewaySubscriptions {
  const ownLanes = (): readonly Lane[] =>
    state.shared ? ['instance'] : ['instance', 'deployment'];
  const heardHere = (kind: HeardKind) => ownLanes().some((lane) => listeners.has(kind, lane));
  const filters = (): string[] => [
    filterOf('services_reply'),
    ...(['events', 'status'] as const).filter(heardHere).map(filterOf),
    ...[...ups.keys()].map(filterOf),
  ];
  const sharedFilters = (): string[] =>
    (['events', 'status'] as const)
      .filter((kind) => listeners.has(kind, 'deployment'))
      .map((kind) => `$share/${shareGroup}/${filterOf(kind)}`);
  return {
    ownLanes,
    filters,
    sharedFilters,
    resubscribe() {
      if (state.session) void state.session.subscribe(filters());
      if (state.sharedSession) void state.sharedSession.subscribe(sharedFilters());
    },
  };
}
