/**
 * A bare Aedes broker in its own process for the fan-in benchmark, so it does not share a CPU core's
 * event loop with the load generator (Mosquitto runs in its own process too). Prints `ready <port>`.
 */
import { createServer } from 'node:net';
import { Aedes } from 'aedes';

const aedes = await Aedes.createBroker();
const server = createServer((socket) => aedes.handle(socket));
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`ready ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => {
  aedes.close(() => server.close(() => process.exit(0)));
});
