/**
 * The one door between the server and the devices: every feature that calls a dock's services, hears
 * its events or answers its requests does so through a `DeviceGateway` created once per server
 * instance by the composition root (server/app.ts; opened by server/realtime.ts, see gateway.ts).
 *
 * Who goes through it: the task engine (server/tasks/engineLink.ts), DRC (server/drc/), model
 * deploys (server/models/), live video (server/video/), the media pipeline's upload callbacks
 * (server/media/mediaRuntime.ts) and the custom flight area sync (server/airspace/airspaceRuntime.ts),
 * plus the `requests` answers of every feature. No other feature opens a broker client to reach a
 * device; the broker's other clients are ingestion, the console relay and the Mosquitto account sync
 * (server/mqtt/) and the simulator.
 */
import type { RequestMethod } from '../../protocol/mqtt/requests.ts';
import type { Decoded, Fields } from '../mqtt/decode.ts';
import type { RequestHandler, RequestRegistry } from '../mqtt/requestRegistry.ts';

/** `result` of a call that got no answer from the device (time-out, no broker, shutting down). */
export const NO_REPLY = -1;

/** Why a call has no answer: the device stayed silent, there is no broker, or the gateway closed. */
export type CallFailure = 'timeout' | 'offline' | 'closed';

/** A device's answer on `services_reply`, or `NO_REPLY` with the reason. */
export interface ServiceReply {
  /** The device's `data.result`; `NO_REPLY` when none came. */
  result: number;
  output?: Fields;
  latencyMs: number;
  /** The `tid` the call went out with (audit rows name it). */
  tid: string;
  /** Set only when no reply came. */
  failure?: CallFailure;
}

export interface CallOptions {
  /** How long to wait for the reply, ms (default: the gateway's). */
  timeoutMs?: number;
}

/** Up-going topic kinds a feature may hear raw (not decoded as an envelope: DRC has its own shape). */
export type UpKind = 'drc/up' | 'drc/down';

export type EventHandler = (gatewaySn: string, msg: Decoded) => void;

/**
 * Which server instances hear a message. `instance`: every one (each waits for its own calls and
 * follows the tasks and sessions it claimed). `deployment`: one instance of those sharing the broker
 * (a shared subscription with an external broker; the embedded broker serves one instance only),
 * for work to be done once: storing a report, raising an alarm, telling a dock. Neither lane sends
 * `events_reply` or `status_reply`: ingestion does, once per deployment.
 */
export type Lane = 'instance' | 'deployment';

export interface ListenOptions {
  /** Default `instance`. */
  lane?: Lane;
}
export type UpHandler = (sn: string, payload: Buffer) => void;

/** Where the gateway signs in: the broker the server's own clients use and the server account. */
export interface BrokerAccount {
  url: string;
  username: string;
  password: string;
  /**
   * True with an external broker, which several instances may share: the `deployment` lane then
   * hears through a shared subscription of its own session.
   */
  shared?: boolean;
}

export interface DeviceGateway {
  /** Publishes `method` on the gateway's `services` topic and waits for the matching reply. */
  call(
    gatewaySn: string,
    method: string,
    data: object | null,
    options?: CallOptions,
  ): Promise<ServiceReply>;
  /**
   * Hears `events` of `method` on `lane` (every instance's copy unless told otherwise); returns the
   * unsubscribe function.
   */
  onEvent(method: string, handler: EventHandler, options?: ListenOptions): () => void;
  /**
   * Hears `sys/product/+/status` messages of `method` (`update_topo`: a gateway came online or its
   * sub-devices changed) on `lane`; returns the unsubscribe function.
   */
  onStatus(method: string, handler: EventHandler, options?: ListenOptions): () => void;
  /**
   * Answers `requests` of `method`. The answer goes out once per deployment: ingestion reads
   * `requests` on the shared lane and replies from this registry (see `requests`).
   */
  onRequest<M extends RequestMethod>(method: M, handler: RequestHandler<M>): void;
  /** Hears raw messages of an up topic `kind`; returns the unsubscribe function. */
  onUp(kind: UpKind, handler: UpHandler): () => void;
  /** Publishes one of our own messages (a `taskInfo`, a service without a reply). */
  publish(topic: string, payload: object): void;
  /** Whether the broker session is up now. */
  connected(): boolean;
  /** The request answers ingestion replies from. */
  readonly requests: RequestRegistry;
  /**
   * Runs `task` once the session is open (at once when it already is): features that must reach the
   * devices at start-up, such as DRC taking its sessions back, wait for the door this way.
   */
  whenOpen(task: () => Promise<void>): void;
  /** Opens the session, then runs the `whenOpen` tasks; resolves once they are done. */
  start(account: BrokerAccount): Promise<void>;
  /** Ends waiting calls with `closed` and the session. */
  close(): Promise<void>;
}
