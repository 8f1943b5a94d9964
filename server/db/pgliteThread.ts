/**
 * The thread that owns PGlite. Postgres compiled to WASM runs synchronously wherever it lives: on the
 * server's own thread a one-second batch of a thousand track points held every MQTT delivery behind
 * it for tens of milliseconds. Here it runs beside the event loop, on the machine's other core.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { Transaction } from '@electric-sql/pglite';
import type {
  ThreadAnswer,
  ThreadData,
  ThreadError,
  ThreadRequest,
} from './pgliteThreadProtocol.ts';

function parent(): MessagePort {
  if (parentPort === null) throw new Error('pgliteThread.ts runs as a worker thread only');
  return parentPort;
}
const port = parent();
const { dataDir } = workerData as ThreadData;

/** Thrown inside a transaction to roll it back when the server asked for that. */
class Rollback extends Error {}

function threadError(error: unknown): ThreadError {
  const fields: Record<string, string | number> = {};
  if (typeof error === 'object' && error !== null)
    for (const [key, value] of Object.entries(error))
      if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  return { message: error instanceof Error ? error.message : String(error), fields };
}

const ready = PGlite.create(dataDir ?? 'memory://');
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
let nextTx = 1;

function runner(pg: PGlite, tx: number | null): PGlite | Transaction {
  if (tx === null) return pg;
  const entry = open.get(tx);
  if (!entry) throw new Error(`transaction ${tx} is not open`);
  return entry.tx;
}

/** Opens a transaction and answers once it is open; it ends when `end` arrives for it. */
function begin(pg: PGlite, id: number): void {
  const tx = nextTx++;
  let answered = false;
  pg.transaction(async (t) => {
    const commit = await new Promise<boolean>((end) => {
      open.set(tx, { tx: t, end });
      answered = true;
      port.postMessage({ id, ok: true, tx } satisfies ThreadAnswer);
    });
    if (!commit) throw new Rollback();
  }).then(
    () => settle(tx, null),
    (error: unknown) => (answered ? settle(tx, error) : fail(id, error)),
  );
}

/** The `end` requests waiting for their transaction to finish. */
const ending = new Map<number, number>();

function settle(tx: number, error: unknown): void {
  open.delete(tx);
  const id = ending.get(tx);
  ending.delete(tx);
  if (id === undefined) return;
  if (error === null || error instanceof Rollback) reply({ id, ok: true });
  else fail(id, error);
}

const reply = (answer: ThreadAnswer): void => port.postMessage(answer);
const fail = (id: number, error: unknown): void =>
  reply({ id, ok: false, error: threadError(error) });

async function handle(pg: PGlite, request: ThreadRequest): Promise<void> {
  switch (request.op) {
    case 'query': {
      const result = await runner(pg, request.tx).query(request.sql, request.params);
      return reply({ id: request.id, ok: true, rows: result.rows as object[] });
    }
    case 'exec':
      await runner(pg, request.tx).exec(request.sql);
      return reply({ id: request.id, ok: true });
    case 'begin':
      return begin(pg, request.id);
    case 'end': {
      const entry = open.get(request.tx);
      if (!entry) return fail(request.id, new Error(`transaction ${request.tx} is not open`));
      ending.set(request.tx, request.id);
      return entry.end(request.commit);
    }
    case 'close':
      await pg.close();
      reply({ id: request.id, ok: true });
      return port.close();
  }
}

port.on('message', (request: ThreadRequest) => {
  ready.then(
    (pg) => handle(pg, request).catch((error: unknown) => fail(request.id, error)),
    (error: unknown) => fail(request.id, error),
  );
});
