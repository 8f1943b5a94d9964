/**
 * `npx tsx bench/broker/profileServer.ts [--aircraft 1000] [--seconds 15]`: the embedded server under
 * the server section's load (replay generator in its own process, one WebSocket subscriber watching
 * every aircraft), with Node's CPU profiler on. Prints where the server's main thread spent its time
 * (self time by function and by package) and leaves the `.cpuprofile` for Chrome DevTools. This is
 * how the limits the benchmark reports were found; profiles taken on a busy machine still show the
 * shares, not the speed.
 */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { consoleClientIdPrefix } from '../../protocol/mqtt/clientIds.ts';
import { aircraftSn } from '../../server/sim/fleet.ts';
import { runReplay } from '../load/replayProcess.ts';
import { summarise } from './cpuProfileSummary.ts';
import type { CpuProfile } from './cpuProfileSummary.ts';
import { prepareStorage, startSkydeck } from '../load/skydeckInstance.ts';
import { latencyOf, startSubscriber } from '../load/subscriber.ts';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      aircraft: { type: 'string', default: '1000' },
      seconds: { type: 'string', default: '15' },
    },
  });
  const aircraft = Number(values.aircraft);
  const seconds = Number(values.seconds);
  const dir = await mkdtemp(join(tmpdir(), 'skydeck-profile-'));
  const profiles = join(dir, 'profiles');
  await prepareStorage({ dataDir: dir }, aircraft);
  process.env.BENCH_SERVER_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${profiles}`;
  const server = await startSkydeck({ dataDir: dir });
  const topics = Array.from({ length: aircraft }, (_, i) => `thing/product/${aircraftSn(i)}/osd`);
  const subscriber = await startSubscriber(server.wsUrl, topics, {
    username: 'admin',
    password: await server.signIn(),
    clientId: `${consoleClientIdPrefix('admin')}profile`,
  });
  const replay = runReplay(
    ['--aircraft', String(aircraft), '--rate', '10', '--dock-rate', '0.5', '--url', server.tcpUrl],
    seconds + 8,
  );
  await replay.started;
  await sleep(3_000);
  subscriber.open();
  await sleep(seconds * 1000);
  const window = await subscriber.close();
  await replay.done;
  await subscriber.end();
  await server.stop();
  // One file per thread (the database has its own); the main thread's is the largest.
  const files = await readdir(profiles);
  const sized = await Promise.all(
    files.map(async (f) => ({ f, size: (await stat(join(profiles, f))).size })),
  );
  const main = sized.sort((a, b) => b.size - a.size)[0];
  if (!main) throw new Error('the server wrote no profile');
  const profile = JSON.parse(await readFile(join(profiles, main.f), 'utf8')) as CpuProfile;
  const { p50, p95 } = latencyOf(window);
  console.log(
    `${aircraft} aircraft × 10 Hz: ${Math.round(window.delivered / window.seconds)} osd/s delivered, p50 ${p50} ms, p95 ${p95} ms\n`,
  );
  console.log(summarise(profile));
  console.log(`\nprofiles: ${profiles}`);
  // The data folder goes; the profiles stay for DevTools.
  await rm(join(dir, 'db'), { recursive: true, force: true });
}

await main();
