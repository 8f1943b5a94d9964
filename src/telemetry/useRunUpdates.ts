/**
 * The task pages' door to the pushed run updates (runFeed.ts). Pages ask the server again only while
 * the push is not live (the link is down or has not connected yet, or the broker refused the topic),
 * and once when it comes back.
 */
import { useEffect, useState } from 'react';
import type { RunUpdate } from '../../protocol/tasks.ts';
import { useLatest } from '../lib/useLatest.ts';
import { useAccountState } from '../state/account.ts';
import { useTelemetryLink } from '../fleet/fleet.ts';
import { followRuns, useRunsRefused } from './runFeed.ts';

/**
 * Calls `onUpdate` with every run update of the signed-in user's scope (their workspace and every
 * one below it) while the component is mounted. Answers whether the push is live: when it is not,
 * the page keeps asking the server itself; when it turns live, the page should ask once more for
 * what changed meanwhile.
 */
export function useRunUpdates(onUpdate: (update: RunUpdate) => void): boolean {
  const latest = useLatest(onUpdate);
  const workspaceId = useAccountState().userInfo?.workspace_id ?? null;
  const online = useTelemetryLink().state === 'online';
  // A refused topic (the role lost the task page) leaves the link up: the page asks the server.
  const refused = useRunsRefused();
  useEffect(() => {
    if (workspaceId === null) return;
    return followRuns(workspaceId, (update) => latest.current(update));
  }, [workspaceId, latest]);
  return online && !refused && workspaceId !== null;
}

/**
 * A number that grows each time the push comes back after it was lost: a dependency to read afresh
 * on, for what changed while it was down. Its first start is not counted: the page has just read.
 */
export function useRunPushEpoch(live: boolean): number {
  const [seen, setSeen] = useState({ live, wasLive: live, epoch: 0 });
  if (live === seen.live) return seen.epoch;
  const next = {
    live,
    wasLive: seen.wasLive || live,
    epoch: live && seen.wasLive ? seen.epoch + 1 : seen.epoch,
  };
  setSeen(next);
  return next.epoch;
}
