/**
 * Run updates pushed by the server (protocol/tasks.ts `runTopic`), for the task pages. The tab's
 * telemetry worker subscribes to the user's workspace topic while at least one reader follows runs
 * (`followRuns`, through `useRunUpdates`), and hands each update here as it arrives.
 */
import { proxy as comlinkProxy } from 'comlink';
import { useSyncExternalStore } from 'react';
import type { RunUpdate } from '../../protocol/tasks.ts';
import type { TelemetryWorkerHandle } from './createTelemetryWorker.ts';

/** The worker's calls that open and close the feed (the running bridge's worker). */
export type RunLink = Pick<TelemetryWorkerHandle['remote'], 'runsOpen' | 'runsClose'>;

type Listener = (update: RunUpdate) => void;

/** Readers by the workspace they follow (the user's own; one at a time in practice). */
const readers = new Map<Listener, number>();
let link: RunLink | null = null;
/** The workspace whose topic the worker has open, `null`: none. */
let opened: number | null = null;
/** The broker refused the open topic (the role lost the task page): the pages ask the server. */
let refused = false;
const refusalWatchers = new Set<() => void>();

function dispatch(update: RunUpdate): void {
  for (const [listener, workspaceId] of readers) if (workspaceId === opened) listener(update);
}
const remoteDispatch = comlinkProxy(dispatch);

function setRefused(next: boolean): void {
  if (next === refused) return;
  refused = next;
  for (const watcher of refusalWatchers) watcher();
}
const remoteGrant = comlinkProxy((granted: boolean) => setRefused(!granted));

/** Opens, moves or closes the worker's subscription to match the readers. */
function sync(): void {
  const wanted = link === null ? null : (readers.values().next().value ?? null);
  if (wanted === opened) return;
  opened = wanted;
  setRefused(false);
  if (link === null) return;
  void (wanted === null ? link.runsClose() : link.runsOpen(wanted, remoteDispatch, remoteGrant));
}

/** Whether the broker refused the run topic this tab follows (until it is asked for again). */
export function useRunsRefused(): boolean {
  return useSyncExternalStore(
    (watch) => {
      refusalWatchers.add(watch);
      return () => refusalWatchers.delete(watch);
    },
    () => refused,
  );
}

/** The bridge hands over its worker when it starts … */
export function attachRunLink(next: RunLink): void {
  link = next;
  opened = null;
  sync();
}

/** … and takes it back when it stops (unless a newer bridge has attached its own meanwhile). */
export function detachRunLink(stopping: RunLink): void {
  if (link !== stopping) return;
  link = null;
  opened = null;
  setRefused(false);
}

/** Follows the runs of `workspaceId`; the returned function stops. */
export function followRuns(workspaceId: number, listener: Listener): () => void {
  readers.set(listener, workspaceId);
  sync();
  return () => {
    readers.delete(listener);
    sync();
  };
}

/** For tests: whether the worker has a run topic open, and which. */
export const openedRuns = (): number | null => opened;

/** For tests: whether the broker refused it (what `useRunsRefused` answers). */
export const runsRefused = (): boolean => refused;
