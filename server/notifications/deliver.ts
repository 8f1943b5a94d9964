/**
 * Deliveries: each message to each channel is one row of the delivery log, and each try one row of
 * its attempts. A try that may pass later (a timeout, a 5xx, an SMTP 4xx) is repeated after 1 s, 5 s
 * and 25 s on the injected scheduler; the log's status is `pending` until a try succeeds (`sent`) or
 * the last one fails (`failed`).
 */
import { performance } from 'node:perf_hooks';
import type { DeliveryKind, EventKind } from '../../protocol/notifications.ts';
import { RETRY_DELAYS_MS } from '../../protocol/notifications.ts';
import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import type { Log } from '../runtime/log.ts';
import type { Scheduler } from '../runtime/scheduler.ts';
import type { ChannelTarget } from './channels/send.ts';
import { sendThrough } from './channels/send.ts';
import type { AttemptResult, Outbound } from './channels/types.ts';
import type { EgressPolicy } from './egress.ts';
import type { Message } from './format.ts';
import { after } from './timers.ts';

/** One message for one channel. */
export interface DeliveryRequest {
  workspaceId: number;
  channel: ChannelTarget & { id: number; name: string };
  ruleId: number | null;
  kind: DeliveryKind;
  eventKind: EventKind | null;
  deviceSn: string;
  message: Message;
}

export interface Deliverer {
  /** Logs the delivery and makes its first try (later ones follow on the scheduler). */
  deliver(request: DeliveryRequest): Promise<{ id: number; first: AttemptResult }>;
  /** Resolves once no try is under way (retries waiting for their time are not waited for). */
  settled(): Promise<void>;
  /** Cancels the waiting retries; their deliveries are marked failed. */
  stop(): Promise<void>;
}

export interface DelivererOptions {
  db: Db;
  scheduler: Scheduler;
  log: Log;
  /** Where channels may connect, read at each try (the app sets it once its settings are known). */
  egress: () => EgressPolicy;
  send?: (channel: ChannelTarget, out: Outbound) => Promise<AttemptResult>;
}

function crashed(error: unknown): AttemptResult {
  return { ok: false, statusCode: null, error: String(error).slice(0, 300), retry: true };
}

/** Creates the deliverer; see the module comment. */
export function createDeliverer(options: DelivererOptions): Deliverer {
  const { db, scheduler, log } = options;
  const send = options.send ?? sendThrough;
  const running = new Set<Promise<unknown>>();
  const waiting = new Map<number, () => void>();
  let stopped = false;

  function track(work: Promise<unknown>): void {
    running.add(work);
    void work
      .catch((error: unknown) => log.error(`notification delivery failed: ${String(error)}`))
      .finally(() => running.delete(work));
  }

  async function attempt(id: number, request: DeliveryRequest, n: number): Promise<AttemptResult> {
    const started = performance.now();
    const out: Outbound = {
      deliveryId: id,
      kind: request.kind,
      message: request.message,
      now: scheduler.now(),
      egress: options.egress(),
    };
    const result = await send(request.channel, out).catch(crashed);
    const last = n > RETRY_DELAYS_MS.length || !result.retry || stopped;
    const status = result.ok ? 'sent' : last ? 'failed' : 'pending';
    await db.query(
      `insert into notification_attempts (delivery_id, attempt, at, ok, status_code, error, duration_ms)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        id,
        n,
        new Date(out.now),
        result.ok,
        result.statusCode,
        result.error,
        Math.round(performance.now() - started),
      ],
    );
    await db.query(
      'update notification_deliveries set status = $2, updated_at = $3 where id = $1',
      [id, status, new Date(scheduler.now())],
    );
    if (status === 'pending') {
      const delay = RETRY_DELAYS_MS[n - 1] ?? 0;
      waiting.set(
        id,
        after(scheduler, delay, () => {
          waiting.delete(id);
          track(attempt(id, request, n + 1));
        }),
      );
    }
    return result;
  }

  return {
    deliver(request) {
      const work = (async () => {
        const row = await queryOne<{ id: number }>(
          db,
          `insert into notification_deliveries (workspace_id, channel_id, channel_name, channel_kind,
             rule_id, kind, event_kind, device_sn, title, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) returning id`,
          [
            request.workspaceId,
            request.channel.id,
            request.channel.name,
            request.channel.kind,
            request.ruleId,
            request.kind,
            request.eventKind,
            request.deviceSn,
            request.message.title.slice(0, 500),
            new Date(scheduler.now()),
          ],
        );
        if (!row) throw new Error('the delivery log refused a row');
        return { id: row.id, first: await attempt(row.id, request, 1) };
      })();
      // Tracked from the start, so `settled` also waits for a delivery still writing its log row.
      track(work);
      return work;
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    async stop() {
      stopped = true;
      const ids = [...waiting.keys()];
      for (const cancel of waiting.values()) cancel();
      waiting.clear();
      while (running.size > 0) await Promise.allSettled([...running]);
      if (ids.length > 0)
        await db.query(
          "update notification_deliveries set status = 'failed' where id = any($1) and status = 'pending'",
          [ids],
        );
    },
  };
}
