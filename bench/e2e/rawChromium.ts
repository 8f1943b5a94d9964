/**
 * A headless Chromium for the browser benchmark, driven over a bare DevTools connection that enables
 * only the Performance domain.
 *
 * Playwright turns on network tracking for every page and worker it drives, so each WebSocket frame
 * the page receives is also reported, payload and all, through the browser process to the driver.
 * At 2 000 aircraft × 10 Hz that reporting costs more than the page: the console's worker received
 * 11 000–13 000 of 20 000 msgs/s under Playwright and all of them without it, on the same machine.
 * The benchmark measures what an operator's browser does, so it opens its pages this way.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { CHROMIUM_FLAGS } from '../../tests/e2e/support/chromiumFlags.ts';
import { utf8Env } from '../../tests/e2e/support/utf8Env.ts';
import { GPU_FLAGS } from './renderer.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** One page in its own browser process, and the few DevTools calls the benchmark makes. */
export interface RawPage {
  /** Evaluates `expression` in the page and returns its value (JSON-serialisable). */
  evaluate<T>(expression: string): Promise<T>;
  /** Chrome's Performance metrics by name (`TaskDuration`, `ScriptDuration`, `JSHeapUsedSize`…). */
  metrics(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

interface CdpReply {
  id?: number;
  result?: unknown;
  error?: { message: string };
}

/**
 * Starts Chromium showing `url` in a `width`×`height` window and connects to its page; `gpu`: with
 * the switches that draw on the machine's GPU (renderer.ts).
 */
export async function openRawPage(
  url: string,
  width: number,
  height: number,
  options: { gpu?: boolean } = {},
): Promise<RawPage> {
  const profile = await mkdtemp(join(tmpdir(), 'skydeck-bench-chromium-'));
  const child = spawn(
    CHROMIUM,
    [
      '--headless',
      ...CHROMIUM_FLAGS,
      ...(options.gpu === true ? GPU_FLAGS : []),
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      `--window-size=${width},${height}`,
      url,
    ],
    { stdio: 'ignore', env: utf8Env() },
  );
  const cleanup = async (): Promise<void> => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill();
      await exited;
    }
    // Its helper processes may still be writing there for a moment after the browser exits.
    await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };
  try {
    const port = await devtoolsPort(profile);
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
      type: string;
      webSocketDebuggerUrl: string;
    }[];
    const target = targets.find((t) => t.type === 'page');
    if (target === undefined) throw new Error('Chromium opened no page');
    const socket = new WebSocket(target.webSocketDebuggerUrl, { perMessageDeflate: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    let nextId = 0;
    const waiting = new Map<
      number,
      { resolve: (v: unknown) => void; reject: (e: Error) => void }
    >();
    socket.on('message', (data: Buffer) => {
      const reply = JSON.parse(data.toString()) as CdpReply;
      const call = reply.id === undefined ? undefined : waiting.get(reply.id);
      if (call === undefined || reply.id === undefined) return;
      waiting.delete(reply.id);
      if (reply.error) call.reject(new Error(reply.error.message));
      else call.resolve(reply.result);
    });
    const send = (method: string, params: object = {}): Promise<unknown> =>
      new Promise((resolve, reject) => {
        const id = ++nextId;
        waiting.set(id, { resolve, reject });
        socket.send(JSON.stringify({ id, method, params }));
      });
    await send('Performance.enable');
    return {
      async evaluate<T>(expression: string): Promise<T> {
        const reply = (await send('Runtime.evaluate', {
          expression,
          returnByValue: true,
          awaitPromise: true,
        })) as { result: { value?: unknown }; exceptionDetails?: { text: string } };
        if (reply.exceptionDetails) throw new Error(reply.exceptionDetails.text);
        return reply.result.value as T;
      },
      async metrics() {
        const reply = (await send('Performance.getMetrics')) as {
          metrics: { name: string; value: number }[];
        };
        return Object.fromEntries(reply.metrics.map((m) => [m.name, m.value]));
      },
      async close() {
        socket.close();
        await cleanup();
      },
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** The port Chromium chose, from the file it writes into its profile once it listens. */
async function devtoolsPort(profile: string): Promise<number> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const text = await readFile(join(profile, 'DevToolsActivePort'), 'utf8').catch(() => '');
    const port = Number(text.split('\n')[0]);
    if (port > 0) return port;
    await sleep(100);
  }
  throw new Error('Chromium did not open its DevTools port within 30 s');
}
