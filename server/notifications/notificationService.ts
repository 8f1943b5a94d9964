/**
 * The notification service: events in (never blocking their source), routed to deliveries
 * (route.ts) through the gate (quiet hours, rate limits, digests). Events wait in a bounded queue and
 * are handled one at a time; a full queue drops (and logs) rather than growing without bound.
 */
import type { NotificationEvent } from '../../protocol/notifications.ts';
import type { Db } from '../db/Db.ts';
import type { Log } from '../runtime/log.ts';
import type { Scheduler } from '../runtime/scheduler.ts';
import type { AttemptResult } from './channels/types.ts';
import { createDeliverer } from './deliver.ts';
import type { EgressPolicy } from './egress.ts';
import { PUBLIC_ONLY } from './egress.ts';
import type { DelivererOptions } from './deliver.ts';
import { testMessage } from './format.ts';
import { createGate } from './gate.ts';
import type { Notifier } from './Notifier.ts';
import { startPruning } from './prune.ts';
import type { RouteContext } from './route.ts';
import { routeDigest, routeEvent } from './route.ts';
import type { ChannelRow } from './store.ts';

/**
 * How long the set of event kinds with enabled rules is trusted. Changes through this server's API
 * take effect at once (`rulesChanged`); another instance's, after at most this long.
 */
const KINDS_TTL_MS = 30_000;
/** Events waiting to be handled at most; past this they are dropped. */
const MAX_QUEUE = 1_000;
/** The zone of times in test messages (rules carry their own). */
const DEFAULT_ZONE = 'Asia/Shanghai';

/** The notifier with what the API and the app's lifecycle need besides `notify`. */
export interface NotificationService extends Notifier {
  /** Delivers a test message through `channel` now; resolves with its log id and first try. */
  sendTest(channel: ChannelRow): Promise<{ id: number; first: AttemptResult }>;
  /** Rules were added, changed or deleted: forget which event kinds have any. */
  rulesChanged(): void;
  /** Sends the service's own log lines (failures, a full queue) to `log`. */
  useLog(log: Log): void;
  /** Lets channels connect where `policy` allows (until called: public addresses only). */
  useEgress(policy: EgressPolicy): void;
  /** Resolves once every queued event is handled and no try is under way (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export interface NotifierOptions {
  db: Db;
  /** Until `useLog` names another (the app's, once it is built), lines go nowhere. */
  log?: Log;
  scheduler: Scheduler;
  /** Replaces the real channels (tests of the pipeline without servers). */
  send?: DelivererOptions['send'];
}

/** Creates the service and makes it the notifier of the event sources on `db`. */
export function createNotifier(options: NotifierOptions): NotificationService {
  const { db, scheduler } = options;
  let target: Log | undefined = options.log;
  // The deliverer keeps this forwarding log, so `useLog` reaches it too.
  const log: Log = {
    info: (msg) => target?.info(msg),
    warn: (msg) => target?.warn(msg),
    error: (msg) => target?.error(msg),
  };
  let egress = PUBLIC_ONLY;
  const deliverer = createDeliverer({
    db,
    scheduler,
    log,
    egress: () => egress,
    send: options.send,
  });
  let chain: Promise<void> = Promise.resolve();
  let queued = 0;
  let dropped = 0;
  let stopped = false;
  const failed = (what: string) => (error: unknown) => {
    log.error(`notifications: ${what} failed: ${String(error)}`);
  };
  const gate = createGate(scheduler, (digest) => {
    if (stopped) return;
    chain = chain.then(() => routeDigest(ctx, digest)).catch(failed('digest'));
  });
  const ctx: RouteContext = {
    db,
    now: () => scheduler.now(),
    gate,
    // The deliverer logs a failed delivery itself; `idle` waits for the ones under way.
    start: (request) => void deliverer.deliver(request).catch(() => undefined),
  };
  const stopPruning = startPruning(db, scheduler, failed('pruning the delivery log'));
  // Most events have no rule at all: knowing which kinds do keeps them off the database entirely.
  let kinds: { at: number; set: Promise<Set<string>> } | null = null;
  const kindsWithRules = (): Promise<Set<string>> => {
    const now = scheduler.now();
    if (!kinds || now - kinds.at > KINDS_TTL_MS) {
      const set = db
        .query<{ event_kind: string }>(
          'select distinct event_kind from notification_rules where enabled',
        )
        .then((rows) => new Set(rows.map((r) => r.event_kind)));
      kinds = { at: now, set };
      // A failed read is not kept: the next event asks again.
      set.catch(() => {
        kinds = null;
      });
    }
    return kinds.set;
  };
  const handle = async (event: NotificationEvent) => {
    if ((await kindsWithRules()).has(event.kind)) await routeEvent(ctx, event);
  };

  const service: NotificationService = {
    notify(event) {
      if (stopped) return;
      if (queued >= MAX_QUEUE) {
        // Said once per burst: the log must not become the storm.
        if (dropped++ % MAX_QUEUE === 0) log.warn('notifications: queue full; events dropped');
        return;
      }
      queued++;
      chain = chain
        .then(() => handle(event))
        .catch(failed(`the ${event.kind} event of ${event.deviceSn}`))
        .finally(() => {
          queued--;
        });
    },
    async sendTest(channel) {
      const [workspace] = await db.query<{ name: string }>(
        'select name from workspaces where id = $1',
        [channel.workspace_id],
      );
      const ws = { id: channel.workspace_id, name: workspace?.name ?? '' };
      return deliverer.deliver({
        workspaceId: channel.workspace_id,
        channel,
        ruleId: null,
        kind: 'test',
        eventKind: null,
        deviceSn: '',
        message: testMessage(channel.name, ws, scheduler.now(), channel.lang, DEFAULT_ZONE),
      });
    },
    rulesChanged() {
      kinds = null;
    },
    useLog(next) {
      target = next;
    },
    useEgress(policy) {
      egress = policy;
    },
    async idle() {
      for (;;) {
        const current = chain;
        await current;
        await deliverer.settled();
        if (current === chain) return;
      }
    },
    async stop() {
      stopped = true;
      gate.stop();
      stopPruning();
      await chain;
      await deliverer.stop();
    },
  };
  return service;
}
