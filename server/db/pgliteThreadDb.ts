/**
 * The embedded database on its own thread: the `Db` interface over messages to pgliteThread.ts.
 * Statements keep their order (one queue in the thread, PGlite's own lock inside), and a transaction
 * holds PGlite's single connection until it ends, exactly as PGlite in-process does.
 */
import { startTsWorker } from '../tsWorker.ts';
import type { Db } from './Db.ts';
import type { ThreadAnswer, ThreadData, ThreadRequest } from './pgliteThreadProtocol.ts';

/** A request without its id, which the channel assigns. */
type Outgoing = ThreadRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

interface Channel {
  send(request: Outgoing): Promise<Extract<ThreadAnswer, { ok: true }>>;
  stop(): Promise<void>;
}

function openChannel(data: ThreadData): Channel {
  const worker = startTsWorker(new URL('./pgliteThread.ts', import.meta.url), { workerData: data });
  const waiting = new Map<
    number,
    { ok: (a: Extract<ThreadAnswer, { ok: true }>) => void; fail: (e: Error) => void }
  >();
  let nextId = 1;
  let exited: Error | null = null;
  worker.on('message', (answer: ThreadAnswer) => {
    const w = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (!w) return;
    if (answer.ok) w.ok(answer);
    else w.fail(Object.assign(new Error(answer.error.message), answer.error.fields));
  });
  const failAll = (error: Error) => {
    exited = error;
    for (const w of waiting.values()) w.fail(error);
    waiting.clear();
  };
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) =>
    failAll(new Error(`the database thread stopped (exit code ${code})`)),
  );
  return {
    send(request) {
      if (exited) return Promise.reject(exited);
      const id = nextId++;
      return new Promise((ok, fail) => {
        waiting.set(id, { ok, fail });
        const message: ThreadRequest = { ...request, id };
        worker.postMessage(message);
      });
    },
    async stop() {
      if (!exited) await this.send({ op: 'close' }).catch(() => undefined);
      await worker.terminate();
    },
  };
}

function wrap(channel: Channel, tx: number | null): Db {
  return {
    kind: 'pglite',
    async query<Row extends object>(sql: string, params?: readonly unknown[]) {
      const answer = await channel.send({
        op: 'query',
        sql,
        params: params ? [...params] : undefined,
        tx,
      });
      return (answer.rows ?? []) as Row[];
    },
    async exec(sql) {
      await channel.send({ op: 'exec', sql, tx });
    },
    async tx(work) {
      // PGlite has one connection; a nested transaction simply joins the outer one.
      if (tx !== null) return work(this);
      const opened = await channel.send({ op: 'begin' });
      const id = opened.tx ?? 0;
      let result;
      try {
        result = await work(wrap(channel, id));
      } catch (error) {
        await channel.send({ op: 'end', tx: id, commit: false }).catch(() => undefined);
        throw error;
      }
      await channel.send({ op: 'end', tx: id, commit: true });
      return result;
    },
    close: () => channel.stop(),
  };
}

/** Opens PGlite under `dataDir` (in memory when undefined) on its own thread; rejects when it cannot. */
export async function openPgliteThread(dataDir: string | undefined): Promise<Db> {
  const channel = openChannel({ dataDir });
  const db = wrap(channel, null);
  try {
    await db.query('select 1');
  } catch (error) {
    await channel.stop();
    throw error;
  }
  return db;
}
