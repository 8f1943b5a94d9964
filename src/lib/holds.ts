/**
 * Keys that any number of holders hold at once (the devices some mounted component shows): a key
 * stays until its last holder lets go.
 */
export class Holds {
  private readonly counts = new Map<string, number>();

  /** Holds `key`; the returned release lets go once (true) and does nothing after (false). */
  hold(key: string): () => boolean {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return false;
      released = true;
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
      return true;
    };
  }

  /** The keys held now. */
  keys(): string[] {
    return [...this.counts.keys()];
  }
}
