/**
 * A minimal MQTT 3.1.1 publisher over TCP for the replay generator: CONNECT, then pre-encoded QoS 0
 * PUBLISH packets written straight to the socket. A full client (mqtt.js) spends more CPU per message
 * than the broker under test would, which is what the generator must never be.
 */
import { connect as tcpConnect } from 'node:net';
import type { Socket } from 'node:net';
import { remainingLength } from './frames.ts';

const KEEPALIVE_S = 60;
const CONNECT_TIMEOUT_MS = 15_000;
const CLOSE_WAIT_MS = 2_000;
const PINGREQ = Buffer.from([0xc0, 0x00]);
const DISCONNECT = Buffer.from([0xe0, 0x00]);

export interface RawClientOptions {
  host: string;
  port: number;
  clientId: string;
  username?: string;
  password?: string;
}

export interface RawClient {
  /** Queues an already encoded packet; it is copied, so the caller may patch it again at once. */
  write(packet: Buffer): void;
  /** Sends the queued packets in one socket write. */
  flush(): void;
  /** Bytes waiting in the socket because the broker reads slower than we write. */
  backlog(): number;
  close(): Promise<void>;
}

function str(value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  const out = Buffer.allocUnsafe(2 + bytes.length);
  out.writeUInt16BE(bytes.length, 0);
  bytes.copy(out, 2);
  return out;
}

/** The CONNECT packet (clean session, keep-alive 60 s). */
export function connectPacket(o: Omit<RawClientOptions, 'host' | 'port'>): Buffer {
  let flags = 0x02;
  const payload = [str(o.clientId)];
  if (o.username !== undefined) {
    flags |= 0x80;
    payload.push(str(o.username));
  }
  if (o.password !== undefined) {
    flags |= 0x40;
    payload.push(str(o.password));
  }
  const head = Buffer.concat([str('MQTT'), Buffer.from([4, flags, 0, KEEPALIVE_S])]);
  const body = Buffer.concat([head, ...payload]);
  return Buffer.concat([Buffer.from([0x10]), Buffer.from(remainingLength(body.length)), body]);
}

/** Connects and resolves once the broker accepted (CONNACK 0); rejects with its return code. */
export function connectRaw(options: RawClientOptions): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const socket: Socket = tcpConnect({ host: options.host, port: options.port });
    socket.setNoDelay(true);
    let accepted = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`${options.clientId}: no CONNACK within ${CONNECT_TIMEOUT_MS} ms`));
    }, CONNECT_TIMEOUT_MS);
    const ping = setInterval(() => socket.write(PINGREQ), (KEEPALIVE_S * 1000) / 2);
    ping.unref();
    // Kept for the socket's life: a broker that goes away mid-run ends this connection, not the
    // generator (the lost messages show as a lower delivered rate).
    socket.on('error', (error) => {
      clearTimeout(timer);
      clearInterval(ping);
      if (!accepted) reject(error);
    });
    socket.once('close', () => clearInterval(ping));
    // Only the CONNACK matters (4 bytes: 0x20 0x02 flags code); the rest (PINGRESP, replies to a
    // dock we do not simulate) is read and dropped so the broker never blocks on us.
    socket.on('data', (chunk: Buffer) => {
      if (accepted) return;
      clearTimeout(timer);
      if (chunk[0] !== 0x20 || chunk[3] !== 0) {
        socket.destroy();
        reject(new Error(`${options.clientId}: broker refused (CONNACK ${String(chunk[3])})`));
        return;
      }
      accepted = true;
      let queued: Buffer[] = [];
      resolve({
        write: (packet) => void queued.push(packet),
        flush() {
          if (queued.length === 0 || socket.destroyed) return;
          // concat copies: the frames are patched in place for the next send.
          socket.write(Buffer.concat(queued));
          queued = [];
        },
        backlog: () => socket.writableLength,
        close: () =>
          new Promise<void>((done) => {
            clearInterval(ping);
            if (socket.destroyed) return done();
            socket.once('close', () => done());
            socket.end(DISCONNECT);
            // A broker buried under its backlog may take its time to close: do not wait for it.
            setTimeout(() => socket.destroy(), CLOSE_WAIT_MS).unref();
          }),
      });
    });
    socket.write(connectPacket(options));
  });
}
