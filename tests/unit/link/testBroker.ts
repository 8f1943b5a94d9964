import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Aedes } from 'aedes';
import type { AuthenticateError } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';

/** The password this broker accepts; anything else is refused as a bad user name or password. */
export const GOOD_PASSWORD = 'good-token';
/** Serial numbers containing this are outside the test user's workspace: subscriptions refused. */
export const FORBIDDEN_SN = 'FORBIDDEN1';
/** CONNACK return code 4: bad user name or password. */
// Aedes declares this type as an ambient const enum, which isolated modules cannot reference by name;
// the literal is the documented protocol value.
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
const BAD_CREDENTIALS: AuthenticateError['returnCode'] = 4;

/**
 * A real Aedes broker behind MQTT over WebSocket at `/mqtt`, like the server's embedded one, with
 * a toy access rule. `stop()` and `start()` simulate a server restart on the same port.
 */
export class TestBroker {
  private http: Server | null = null;
  private sockets: WebSocketServer | null = null;
  readonly published: { topic: string; payload: string }[] = [];
  readonly clientIds: string[] = [];
  /** Topics some client subscribed to and has not unsubscribed from. */
  readonly subscribed = new Set<string>();
  port = 0;

  private constructor(
    private readonly broker: Aedes,
    /** Topics refused to every client besides the forbidden devices' (tests add to it). */
    readonly refuse: Set<string>,
  ) {
    broker.on('publish', (packet, client) => {
      if (client) this.published.push({ topic: packet.topic, payload: packet.payload.toString() });
    });
    broker.on('client', (client) => this.clientIds.push(client.id));
    broker.on('subscribe', (subscriptions) => {
      for (const subscription of subscriptions) this.subscribed.add(subscription.topic);
    });
    broker.on('unsubscribe', (topics) => {
      for (const topic of topics) this.subscribed.delete(topic);
    });
  }

  static async create(): Promise<TestBroker> {
    const refuse = new Set<string>();
    const broker = await Aedes.createBroker({
      authenticate: (_client, _username, password, done) => {
        if (password?.toString() === GOOD_PASSWORD) return done(null, true);
        done(Object.assign(new Error('bad credentials'), { returnCode: BAD_CREDENTIALS }), false);
      },
      authorizeSubscribe: (_client, sub, done) => {
        done(null, sub.topic.includes(FORBIDDEN_SN) || refuse.has(sub.topic) ? null : sub);
      },
    });
    const testBroker = new TestBroker(broker, refuse);
    await testBroker.start();
    return testBroker;
  }

  get url(): string {
    return `ws://127.0.0.1:${this.port}/mqtt`;
  }

  /** Listens (again) on the same port, or a free one the first time. */
  async start(): Promise<void> {
    const http = createServer();
    const sockets = new WebSocketServer({ server: http, path: '/mqtt' });
    sockets.on('connection', (socket) => this.broker.handle(createWebSocketStream(socket)));
    await new Promise<void>((resolve) => http.listen(this.port, '127.0.0.1', resolve));
    this.port = (http.address() as AddressInfo).port;
    this.http = http;
    this.sockets = sockets;
  }

  /** Drops every connection and stops listening, as a server going down does. */
  async stop(): Promise<void> {
    for (const socket of this.sockets?.clients ?? []) socket.terminate();
    this.sockets?.close();
    await new Promise<void>((resolve) => this.http?.close(() => resolve()) ?? resolve());
    this.http = null;
  }

  /** Publishes as a device would. */
  async publish(topic: string, body: unknown): Promise<void> {
    const payload = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    await new Promise<void>((resolve, reject) =>
      this.broker.publish(
        { cmd: 'publish', topic, payload, qos: 0, retain: false, dup: false },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
  }

  async close(): Promise<void> {
    await this.stop();
    await new Promise<void>((resolve) => this.broker.close(resolve));
  }
}
