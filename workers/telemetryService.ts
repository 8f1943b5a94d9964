import type { SchedulerLike, Subscription } from 'rxjs';
import { parseTopic } from '../protocol/mqtt/topics.ts';
import type {
  ConnectOptions,
  CoreStats,
  JsonObject,
  TelemetryEventKind,
} from '../protocol/telemetry.ts';
import { createTelemetryCore } from './core/telemetryCore.ts';
import type { DrcOutgoing, DrcUpListener } from '../protocol/cockpitLink.ts';
import { DrcSender } from './drc/drcSender.ts';
import { MqttLink } from './link/mqttLink.ts';
import { consoleTopics } from './link/watchedTopics.ts';
import { RunFeed } from './runs/runFeed.ts';
import type {
  ConnectionListener,
  DeltaListener,
  MqttQos,
  RunGrantListener,
  RunUpdateListener,
} from './api.ts';

/** What the console may publish: commands to a device, never telemetry in its name. */
const PUBLISHABLE_KINDS: ReadonlySet<string> = new Set(['drc/down', 'services']);

export interface TelemetryServiceOptions {
  frameMs?: number;
  scheduler?: SchedulerLike;
  /** Read QoS 0 PUBLISH packets off the browser's WebSocket before mqtt.js (the worker does). */
  splitPublishes?: boolean;
}

/**
 * The telemetry worker's behaviour without the worker: the MQTT link feeding the streaming core, and
 * one consumer of its deltas. Free of worker globals so tests run it in Node against a real broker.
 */
export function createTelemetryService(options: TelemetryServiceOptions = {}) {
  const core = createTelemetryCore(options);
  let connectionListener: ConnectionListener | null = null;
  let deltas: Subscription | null = null;
  let watched: readonly string[] = [];
  const drc = new DrcSender({
    publish: (topic, payload, qos) => link.publish(topic, JSON.stringify(payload), qos),
    now: () => Date.now(),
  });
  const runs = new RunFeed();
  const link = new MqttLink(
    {
      // The session's `drc/up` goes straight to the cockpit, parsed there once, and the run updates
      // straight to the task pages; no frame reader wants either.
      message: (topic, payload) => {
        if (!drc.take(topic, payload) && !runs.take(topic, payload)) core.push(topic, payload);
      },
      state: (state) => {
        // Online: every topic is subscribed afresh, the run topic asked for again.
        if (state === 'online') runs.asked();
        notify(connectionListener?.(state));
      },
      refused: (topics) => runs.refused(topics),
    },
    options.scheduler,
    options.splitPublishes,
  );
  const subscribe = (): void => link.setTopics(consoleTopics(watched, drc.session, runs.topic));
  return {
    connect: (connect: ConnectOptions): void => link.connect(connect),
    disconnect: (): void => link.disconnect(),
    setWatched(sns: readonly string[]): void {
      watched = [...sns];
      subscribe();
    },
    /** Replaces the delta consumer; its first delta carries the whole known fleet. */
    onDelta(listener: DeltaListener | null): void {
      deltas?.unsubscribe();
      deltas = null;
      if (listener === null) return;
      core.resync();
      deltas = core.deltas$.subscribe((delta) => notify(listener(delta)));
    },
    ack: (seq: number): void => core.ack(seq),
    /** Makes the next delta carry every known device in full (the consumer forgot some). */
    resync: (): void => core.resync(),
    /**
     * The devices the UI shows (selection, visible rows, open panels): only they get their detail
     * every frame, the rest every few seconds plus their table row every frame. `null`: every device.
     */
    setInterest: (sns: readonly string[] | null): void => core.setInterest(sns),
    /**
     * The event kinds the main thread's readers declared: events of other kinds are dropped before
     * they are queued, so they never cross. `null` (until told): every kind.
     */
    setKinds: (kinds: readonly TelemetryEventKind[] | null): void => core.setKinds(kinds),
    /** Replaces the connection listener and tells it the current state at once. */
    onConnection(listener: ConnectionListener | null): void {
      connectionListener = listener;
      notify(listener?.(link.state));
    },
    async publish(topic: string, payload: JsonObject, qos: MqttQos): Promise<void> {
      const route = parseTopic(topic);
      if (route?.family !== 'thing' || !PUBLISHABLE_KINDS.has(route.kind)) {
        throw new Error(`Not a command topic: ${topic}`);
      }
      await link.publish(topic, JSON.stringify(payload), qos);
    },
    /**
     * Opens the cockpit's DRC session with a dock: its `drc/up` is subscribed from now until
     * `drcClose` and goes to `listener` as it arrives.
     */
    drcOpen(gatewaySn: string, listener: DrcUpListener | null): void {
      drc.open(gatewaySn, listener);
      subscribe();
    },
    /** Sends one `drc/down` message of the open session; answers its `seq` and `timestamp`. */
    drcSend: (out: DrcOutgoing) => drc.send(out),
    drcClose(): void {
      drc.close();
      subscribe();
    },
    /**
     * Follows the runs of `workspaceId` (the user's own workspace, which hears every run below it):
     * each update goes to `listener` as it arrives, until `runsClose`. `grant` hears whether the
     * broker allows the topic (see `RunGrantListener`).
     */
    runsOpen(workspaceId: number, listener: RunUpdateListener, grant?: RunGrantListener): void {
      runs.open(workspaceId, listener, grant);
      subscribe();
    },
    runsClose(): void {
      runs.close();
      subscribe();
    },
    stats: (): CoreStats => core.stats(),
    /** Topics the broker refused since the last connect (the user may not see those devices). */
    refusedTopics: (): string[] => link.refusedTopics(),
  };
}

export type TelemetryService = ReturnType<typeof createTelemetryService>;

/**
 * Listeners are comlink proxies in the worker: calling one returns a promise that rejects if the main
 * thread has gone. Nothing can be done about that here, so it must not become an unhandled rejection.
 */
function notify(result: unknown): void {
  if (result instanceof Promise) result.catch(() => undefined);
}
