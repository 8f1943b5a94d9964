/**
 * The worker side of the pushed run updates: while a page of this tab follows runs, the server's
 * run topic of the user's workspace is subscribed and each message goes to the page as it arrives,
 * decoded here once, not through the 100 ms fleet frame (a run changes a few times a minute).
 */
import { runTopic } from '../../protocol/tasks.ts';
import type { RunUpdate } from '../../protocol/tasks.ts';
import { readRunUpdate } from './readRunUpdate.ts';

/** Told each update; a comlink proxy in the worker, so it may answer a promise. */
export type RunUpdateListener = (update: RunUpdate) => unknown;

export class RunFeed {
  private subscribed: string | null = null;
  private listener: RunUpdateListener | null = null;

  /** Follows the runs announced for `workspaceId` (the user's own: the broker allows no other). */
  open(workspaceId: number, listener: RunUpdateListener): void {
    this.subscribed = runTopic(workspaceId);
    this.listener = listener;
  }

  close(): void {
    this.subscribed = null;
    this.listener = null;
  }

  /** The run topic to subscribe to, or `null` while nobody follows runs. */
  get topic(): string | null {
    return this.subscribed;
  }

  /** Offers every incoming message; answers whether it was the run topic's (then it is handled). */
  take(topic: string, payload: Uint8Array): boolean {
    if (topic !== this.subscribed) return false;
    const update = readRunUpdate(payload);
    if (update === null || this.listener === null) return true;
    const result = this.listener(update);
    // A listener whose page has gone rejects; nothing is left to tell.
    if (result instanceof Promise) result.catch(() => undefined);
    return true;
  }
}
