/**
 * The embedded broker: Aedes in-process, MQTT over TCP for devices and over WebSocket at `/mqtt` on
 * the HTTP server for browsers. A busy TCP port costs one warning line, never the server.
 */
import { createServer } from 'node:net';
import type { Server as NetServer } from 'node:net';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes } from 'aedes';
import type mqemitter from 'mqemitter';
import type { Client, PublishPacket } from 'aedes';
import { WebSocketServer } from 'ws';
import { mqttWebSocketStream } from './mqttWebSocketStream.ts';
import { closeGoingAway } from '../ops/goingAway.ts';
import { CLIENT_KINDS, clientKindOf, installAuthHooks } from './aedesHooks.ts';
import type { ClientKind, Refusals } from './aedesHooks.ts';
import { createBrokerEmitter } from './brokerEmitter.ts';
import { INGESTION_TOPICS } from './ingestion.ts';
import type { BrokerAuth } from './brokerAuth.ts';
import type { Log } from '../runtime/log.ts';
import type { PrincipalChange } from '../principalEvents.ts';
import { createSessionWatch } from './sessionWatch.ts';
import type { LiveConnection } from './sessionWatch.ts';

export const MQTT_WS_PATH = '/mqtt';
/**
 * Messages Aedes delivers at once. Past this its emitter queues them in an array it drains with
 * `shift()`, which is linear in the queue's length: at the default (100) a fleet publishing ~10 000
 * messages/s spent a fifth of the server's CPU in that drain alone (profiled) and the backlog grew
 * into seconds. A fleet-sized window keeps the queue short.
 */
const BROKER_CONCURRENCY = 5_000;

export interface EmbeddedBrokerOptions {
  log: Log;
  auth: BrokerAuth;
  /** TCP port for devices; 0 picks a free one (tests), null disables TCP. */
  tcpPort: number | null;
  tcpHost?: string;
  /** The console's HTTP server; WebSocket upgrades to `/mqtt` are taken over, others left alone. */
  httpServer: HttpServer;
  /** On a stop, how long a console has to answer the "going away" close before it is cut off, ms. */
  closeGraceMs?: number;
}

export interface EmbeddedBroker {
  readonly aedes: Aedes;
  /** The TCP port actually listened on, or null when TCP is off (disabled or busy). */
  readonly tcpPort: number | null;
  /** Calls `listener` with a device's serial number when its connection ends. */
  onDeviceDisconnect(listener: (sn: string) => void): () => void;
  /** Re-checks the open connections a committed change may affect (closing those that lost rights). */
  changed(change: PrincipalChange): Promise<void>;
  /** Device messages refused one by one, the connection kept. */
  refusedMessages(): number;
  /** Every refused publish and subscription so far, by who asked. */
  refusals(): Refusals;
  /** Signed-in connections now, by who is on them. */
  connections(): Record<ClientKind, number>;
  /** Calls `listener` with the topic of every message delivered to a subscriber. */
  onDelivery(listener: (topic: string) => void): () => void;
  /** Calls `listener` for every message a console published (already authorized). */
  onConsolePublish(listener: (topic: string, payload: Buffer, qos: 0 | 1 | 2) => void): () => void;
  /**
   * Calls `listener` with every message a connected client published on an ingestion topic, after
   * authorization and delivery: in-process ingestion reads the broker's own packet instead of a
   * second copy written to a local MQTT client's socket. The broker's own publishes are not passed.
   */
  onIngestionMessage(listener: (topic: string, payload: Buffer) => void): () => void;
  /** Delivers a message to the subscribers here as the server (relayed from an external broker). */
  inject(topic: string, payload: Buffer): void;
  close(): Promise<void>;
}

function listenTcp(server: NetServer, port: number, host: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

async function startTcp(aedes: Aedes, options: EmbeddedBrokerOptions) {
  if (options.tcpPort === null) return { server: null, port: null };
  const server = createServer((socket) => aedes.handle(socket));
  try {
    return { server, port: await listenTcp(server, options.tcpPort, options.tcpHost) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    options.log.warn(
      `MQTT TCP port ${options.tcpPort} unavailable (${code}); devices can still use WebSocket ${MQTT_WS_PATH}. Set MQTT_TCP_PORT to a free port to enable TCP.`,
    );
    return { server: null, port: null };
  }
}

function attachWebSocket(aedes: Aedes, httpServer: HttpServer, closeGraceMs?: number) {
  const wss = new WebSocketServer({ noServer: true });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== MQTT_WS_PATH) return;
    wss.handleUpgrade(req, socket, head, (ws) => {
      aedes.handle(mqttWebSocketStream(ws), req);
    });
  };
  httpServer.on('upgrade', onUpgrade);
  return () => {
    httpServer.off('upgrade', onUpgrade);
    // Consoles are told 1001 "going away" so they reconnect (elsewhere, behind a balancer).
    return closeGoingAway(wss, closeGraceMs);
  };
}

const noop = (): void => undefined;

/** Starts Aedes with TCP (when the port is free) and WebSocket at `/mqtt` on `httpServer`. */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const mq = createBrokerEmitter(BROKER_CONCURRENCY);
  const aedes = await Aedes.createBroker({
    drainTimeout: 10_000,
    concurrency: BROKER_CONCURRENCY,
    mq,
  });
  const hooks = installAuthHooks(aedes, options.auth, options.log);
  const watch = createSessionWatch(options.auth, options.log);
  const connections = new WeakMap<Client, LiveConnection>();
  const listeners = new Set<(sn: string) => void>();
  const connected = Object.fromEntries(CLIENT_KINDS.map((k) => [k, 0])) as Record<
    ClientKind,
    number
  >;
  /** The kind each counted connection was counted as. */
  const countedAs = new WeakMap<Client, ClientKind>();
  aedes.on('client', (client) => {
    const session = hooks.sessionOf(client);
    if (!session) return;
    const kind = clientKindOf(session.principal);
    countedAs.set(client, kind);
    connected[kind]++;
    const connection = { clientId: client.id, session, close: () => client.close() };
    connections.set(client, connection);
    watch.add(connection);
  });
  aedes.on('clientDisconnect', (client) => {
    const kind = countedAs.get(client);
    if (kind !== undefined) {
      countedAs.delete(client);
      connected[kind]--;
    }
    const connection = connections.get(client);
    if (connection) watch.remove(connection);
    const principal = hooks.sessionOf(client)?.principal;
    if (principal?.kind === 'device') for (const listener of listeners) listener(principal.sn);
  });
  const tcp = await startTcp(aedes, options);
  const detachWs = attachWebSocket(aedes, options.httpServer, options.closeGraceMs);
  return {
    aedes,
    tcpPort: tcp.port,
    onDeviceDisconnect(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    changed: (change) => watch.changed(change),
    onConsolePublish(listener) {
      const onPublish = (packet: PublishPacket, client: Client | null) => {
        if (client && hooks.sessionOf(client)?.principal.kind === 'user')
          listener(packet.topic, packet.payload as Buffer, packet.qos);
      };
      aedes.on('publish', onPublish);
      return () => aedes.off('publish', onPublish);
    },
    onIngestionMessage(listener) {
      // A listener on the broker's emitter, beside the clients' subscriptions, not Aedes' 'publish'
      // event: that one fires only once every subscriber has taken the packet, so a console whose
      // socket holds writes back (waiting for 'drain', up to the drain timeout) delayed what every
      // device sent meanwhile by as much. Only what a client published is ingested (`clientId`):
      // the broker's own packets are replies.
      const onPacket = (packet: mqemitter.Message, done: () => void): void => {
        if (typeof packet.clientId === 'string' && Buffer.isBuffer(packet.payload))
          listener(packet.topic, packet.payload);
        done();
      };
      for (const topic of INGESTION_TOPICS) mq.on(topic, onPacket);
      return () => {
        for (const topic of INGESTION_TOPICS) mq.removeListener(topic, onPacket);
      };
    },
    inject(topic, payload) {
      aedes.publish({ cmd: 'publish', topic, payload, qos: 0, retain: false, dup: false }, noop);
    },
    refusedMessages: () => hooks.refusedMessages(),
    refusals: () => hooks.refusals(),
    connections: () => ({ ...connected }),
    onDelivery: (listener) => hooks.onForward(listener),
    async close() {
      watch.stop();
      await detachWs();
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) =>
        tcp.server ? tcp.server.close(() => resolve()) : resolve(),
      );
    },
  };
}
