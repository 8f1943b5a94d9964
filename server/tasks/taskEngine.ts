/**
 * The flight-task engine: a database-driven loop that turns due tasks into executions, sends them to
 * their docks, follows their progress and fails flights whose dock went silent. All state is in the
 * database, so a restart picks up where it stopped; time comes from an injected scheduler so tests
 * drive it with virtual time.
 */
import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import type { Log } from '../runtime/log.ts';
import type { Scheduler } from '../runtime/scheduler.ts';
import { SILENT_NOTIFIER, type Notifier } from '../notifications/Notifier.ts';
import type { ObjectStore } from '../storage/ObjectStore.ts';
import { randomUUID } from 'node:crypto';
import { beat, leave } from './claims.ts';
import { claimDue } from './claimDue.ts';
import type { DeviceLink, ServiceReply } from './DeviceLink.ts';
import { claimPending, dispatch } from './dispatch.ts';
import { EXECUTION_SELECT } from './EngineContext.ts';
import type { EngineContext, ExecutionRow } from './EngineContext.ts';
import { executeDue } from './execute.ts';
import { applyProgress, applyReady } from './progress.ts';
import { callService } from './runSteps.ts';
import { expireUnready, sweepSilent } from './sweeps.ts';
import type { StepActor } from './taskLog.ts';
import { announce } from './runAnnounce.ts';
import { withdraw } from './withdraw.ts';
import type { RunPublish } from './EngineContext.ts';

export interface TaskEngineOptions {
  db: Db;
  link: DeviceLink;
  log: Log;
  scheduler: Scheduler;
  fileUrl: (flightId: string) => string;
  /** How often due tasks are looked for, ms. */
  tickMs?: number;
  /** A live flight whose dock has said nothing about it for this long is failed, ms. */
  silenceMs?: number;
  minBattery?: number;
  /** How long before their time timed, recurring and conditional runs get `flighttask_prepare`, ms. */
  prepareLeadMs?: number;
  /** This instance's name among several servers (default: a fresh one per start). */
  instanceId?: string;
  /** The routes' files; without it a finished run is judged on the dock's reports and its track. */
  storage?: ObjectStore;
  /** Told of runs that end other than as planned (default: nobody). */
  notifier?: Notifier;
  /** Pushes each change of a run to the consoles (default: not pushed). */
  publishRun?: RunPublish;
}

/** Runs sent at once, and most batches in one round (the rest wait for the next round). */
const BATCH_SIZE = 50;
const MAX_BATCHES = 40;

/** Default lead of `flighttask_prepare` before a timed run: time for the dock to fetch the file. */
export const PREPARE_LEAD_MS = 10 * 60 * 1000;

/** Services a user may send to a flight in progress from the task pages. */
export type ControlMethod = 'flighttask_pause' | 'flighttask_recovery' | 'return_home';

export interface TaskEngine {
  /** One round: claim due runs, send pending ones, fail silent flights. */
  tick(): Promise<void>;
  /** Sends `method` for one execution on behalf of `actor`. */
  control(executionId: number, method: ControlMethod, actor: StepActor): Promise<ServiceReply>;
  /**
   * Takes back a run the dock holds but has not started (`flighttask_undo`) on behalf of `actor`;
   * the dock's answer, or null when the run has started or ended meanwhile.
   */
  withdraw(executionId: number, actor: StepActor): Promise<ServiceReply | null>;
  /** Pushes runs changed outside the engine (a cancel through the API) to the consoles. */
  announce(executionIds: readonly number[]): Promise<void>;
  /** Resolves when every event and round started so far is done. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the engine's loop and event handling. */
export function startTaskEngine(options: TaskEngineOptions): TaskEngine {
  const ctx: EngineContext = {
    db: options.db,
    link: options.link,
    log: options.log,
    now: () => options.scheduler.now(),
    fileUrl: options.fileUrl,
    minBattery: options.minBattery ?? 30,
    instanceId: options.instanceId ?? randomUUID(),
    // Several missed rounds, never longer than the silence that fails a flight.
    claimTtlMs: Math.min(options.silenceMs ?? 60_000, 5 * (options.tickMs ?? 1_000)),
    ...(options.storage ? { storage: options.storage } : {}),
    notifier: options.notifier ?? SILENT_NOTIFIER,
    ...(options.publishRun ? { publishRun: options.publishRun } : {}),
  };
  const silenceMs = options.silenceMs ?? 60_000;
  const prepareLeadMs = options.prepareLeadMs ?? PREPARE_LEAD_MS;
  let round: Promise<void> | null = null;
  const chains = new Map<string, Promise<void>>();
  const guard = (what: string) => (error: unknown) => {
    ctx.log.error(`task engine ${what} failed: ${String(error)}`);
  };

  async function runRound(): Promise<void> {
    await beat(ctx);
    await announce(ctx, await claimDue(ctx.db, ctx.now(), prepareLeadMs));
    // Batch after batch until none is left: 200 docks due at once must not wait 20 rounds.
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const pending = await claimPending(ctx.db, ctx.now(), BATCH_SIZE, ctx.instanceId);
      if (pending.length === 0) break;
      await Promise.all(
        pending.map((e) => dispatch(ctx, e).catch(guard(`dispatch ${e.flight_id}`))),
      );
    }
    await executeDue(ctx);
    await expireUnready(ctx);
    await sweepSilent(ctx, silenceMs);
  }

  function tick(): Promise<void> {
    // One round at a time: a slow dock reply must not start a second round over the first.
    round ??= runRound()
      .catch(guard('round'))
      .finally(() => {
        round = null;
      });
    return round;
  }

  // Each dock's events are applied in the order they came.
  const stopEvents = options.link.onEvent((sn, method, data) => {
    const handler =
      method === 'flighttask_progress'
        ? applyProgress
        : method === 'flighttask_ready'
          ? applyReady
          : null;
    if (!handler) return;
    const previous = chains.get(sn) ?? Promise.resolve();
    const next = previous.then(() => handler(ctx, sn, data)).catch(guard(`${method} from ${sn}`));
    chains.set(sn, next);
    void next.finally(() => {
      if (chains.get(sn) === next) chains.delete(sn);
    });
  });
  const stopTimer = options.scheduler.every(options.tickMs ?? 1_000, () => void tick());

  return {
    tick,
    async control(executionId, method, actor) {
      const row = await queryOne<ExecutionRow>(ctx.db, `${EXECUTION_SELECT} where e.id = $1`, [
        executionId,
      ]);
      if (!row) throw new Error(`no execution ${String(executionId)}`);
      return callService(ctx, row, method, {}, actor);
    },
    withdraw: (executionId, actor) => withdraw(ctx, executionId, actor),
    announce: (executionIds) => announce(ctx, executionIds),
    async idle() {
      await round;
      await Promise.all([...chains.values()]);
    },
    async stop() {
      stopTimer();
      stopEvents();
      await round;
      await Promise.all([...chains.values()]);
      await leave(ctx.db, ctx.instanceId).catch(guard('leave'));
    },
  };
}
