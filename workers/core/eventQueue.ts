/**
 * The events waiting for the next delta, bounded. A consumer that stops acknowledging (a hidden tab,
 * a stalled main thread) must not let an alarm storm grow the worker without limit, so past the cap
 * the oldest events give way to the newest, and every one given up is counted: nothing is dropped
 * silently. The newest win because an `hms` event carries the device's whole current alarm set.
 */
export class EventQueue<T> {
  /** Entries before `head` are already dropped; compacted once they outnumber the kept ones. */
  private items: T[] = [];
  private head = 0;
  private droppedCount = 0;

  constructor(private readonly cap: number) {}

  /** Queues `item`, dropping the oldest one when the queue is full. */
  push(item: T): void {
    this.items.push(item);
    if (this.items.length - this.head <= this.cap) return;
    this.head += 1;
    this.droppedCount += 1;
    // Slicing only when the dropped prefix is as long as the cap keeps each push O(1) on average.
    if (this.head >= this.cap) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }

  /** Takes every queued item, oldest first; the queue is empty afterwards. */
  take(): T[] {
    const out = this.head === 0 ? this.items : this.items.slice(this.head);
    this.items = [];
    this.head = 0;
    return out;
  }

  /** Number of items waiting. */
  get size(): number {
    return this.items.length - this.head;
  }

  /** Items given up since the queue was created. */
  get dropped(): number {
    return this.droppedCount;
  }
}
