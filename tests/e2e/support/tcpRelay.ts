/**
 * A TCP relay between the browser and the server that a test can cut: every connection through it
 * is closed at once and new ones are closed as they arrive, until it is restored. It stands for a
 * network that drops, below anything the console or the server could notice other than the loss.
 */
import { createServer, connect } from 'node:net';
import type { Socket } from 'node:net';
import { freePort } from './server.ts';

export interface TcpRelay {
  /** The relay's port on 127.0.0.1. */
  port: number;
  /** Closes every connection through the relay and every new one until {@link TcpRelay.restore}. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/** Starts a relay to `127.0.0.1:targetPort()`; the target is looked up per connection. */
export async function startTcpRelay(targetPort: () => number): Promise<TcpRelay> {
  const port = await freePort();
  const open = new Set<Socket>();
  let cut = false;
  const server = createServer((inbound) => {
    if (cut) {
      inbound.destroy();
      return;
    }
    const outbound = connect(targetPort(), '127.0.0.1');
    for (const socket of [inbound, outbound]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      // A cut or a closing peer ends both sides; the error itself says nothing more.
      socket.on('error', () => undefined);
    }
    inbound.pipe(outbound);
    outbound.pipe(inbound);
    inbound.on('close', () => outbound.destroy());
    outbound.on('close', () => inbound.destroy());
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const dropAll = (): void => {
    for (const socket of open) socket.destroy();
  };
  return {
    port,
    cut() {
      cut = true;
      dropAll();
    },
    restore() {
      cut = false;
    },
    close: () =>
      new Promise<void>((done) => {
        dropAll();
        server.close(() => done());
      }),
  };
}
