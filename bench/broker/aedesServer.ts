/**
 * A bare Aedes broker in its own process for the broker benchmarks, so it does not share a CPU core's
 * event loop with the load generator (Mosquitto runs in its own process too). MQTT over TCP, and over
 * WebSocket for a subscriber like the console's worker. `BENCH_AEDES_CONCURRENCY` sets Aedes'
 * delivery window (the embedded broker's is 5 000). Prints `ready <tcp port> <ws port>`.
 */
import { createServer } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { Aedes } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';

const concurrency = Number(process.env.BENCH_AEDES_CONCURRENCY ?? '') || undefined;
const aedes = await Aedes.createBroker(concurrency ? { concurrency } : {});
const server = createServer((socket) => aedes.handle(socket));
const http = createHttpServer((_req, res) => res.writeHead(404).end());
const wss = new WebSocketServer({ server: http });
wss.on('connection', (ws, req) => aedes.handle(createWebSocketStream(ws), req));
const portOf = (s: { address(): unknown }): number => {
  const address = s.address();
  return typeof address === 'object' && address && 'port' in address ? Number(address.port) : 0;
};
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
console.log(`ready ${portOf(server)} ${portOf(http)}`);
process.on('SIGTERM', () => {
  for (const ws of wss.clients) ws.terminate();
  aedes.close(() => server.close(() => http.close(() => process.exit(0))));
});
