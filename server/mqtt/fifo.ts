/**
 * A first-in first-out queue with O(1) `push` and `shift` at any length. `Array.prototype.shift` is
 * cheap only while V8 can trim a small array in place; on a queue of tens of thousands it copies the
 * whole array each time, so draining a backlog becomes quadratic exactly when the process is
 * already behind.
 */
export class Fifo<T> {
  private items: (T | undefined)[] = [];
  private head = 0;

  /** Adds `item` at the back; returns the new length, as `Array.prototype.push` does. */
  push(item: T): number {
    this.items.push(item);
    return this.length;
  }

  /** Takes the item at the front, or undefined when the queue is empty. */
  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head];
    // Let the item go at once; the slot itself is reclaimed when the front half is cut away.
    this.items[this.head] = undefined;
    this.head += 1;
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    } else if (this.head > 1_024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }

  /** Items waiting. */
  get length(): number {
    return this.items.length - this.head;
  }
}
