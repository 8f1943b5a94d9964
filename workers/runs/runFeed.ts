/**
 * The worker side of the pushed run updates: while a page of this tab follows runs, the server's
 * run topic of the user's workspace is subscribed and each message goes to the page as it arrives,
 * decoded here once, not through the 100 ms fleet frame (a run changes a few times a minute).
 */
import { runTopic } from '../../protocol/tasks.ts';
import { readRunUpdate } from './readRunUpdate.ts';
import type { RunGrantListener, RunUpdateListener } from '../api.ts';

export class RunFeed {
  private subscribed: string | null = null;
  private listener: RunUpdateListener | null = null;
  private grant: RunGrantListener | null = null;

  /** Follows the runs announced for `workspaceId` (the user's own: the broker allows no other). */
  open(workspaceId: number, listener: RunUpdateListener, grant?: RunGrantListener): void {
    this.subscribed = runTopic(workspaceId);
    this.listener = listener;
    this.grant = grant ?? null;
  }

  close(): void {
    this.subscribed = null;
    this.listener = null;
    this.grant = null;
  }

  /** The link connected and subscribes afresh: the topic is asked for again. */
  asked(): void {
    if (this.subscribed !== null) tell(this.grant?.(true));
  }

  /** Of the topics the broker refused, the run topic when it is one: its pages ask the server. */
  refused(topics: readonly string[]): string[] {
    if (this.subscribed === null || !topics.includes(this.subscribed)) return [];
    tell(this.grant?.(false));
    return [this.subscribed];
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
    tell(this.listener(update));
    return true;
  }
}

/** A listener whose page has gone rejects; nothing is left to tell. */
function tell(result: unknown): void {
  if (result instanceof Promise) result.catch(() => undefined);
}
