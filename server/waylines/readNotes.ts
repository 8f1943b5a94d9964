import type { WaylineWarning } from '../../protocol/waylines.ts';

/** A warning about a file as read, before the HTTP layer puts it in the caller's language. */
export type WaylineNote = Omit<WaylineWarning, 'message'>;

/**
 * Most warnings one read keeps. Each names a file and element, not a waypoint, so a 65 535-point
 * route missing the same element at every point gives one warning; this only bounds the rest.
 */
const MAX_NOTES = 20;

/** The warnings of one read, each kept once, in the order they were found. */
export class ReadNotes {
  private readonly seen = new Set<string>();
  readonly list: WaylineNote[] = [];

  /** Notes `code` with `params`, unless the same warning is already noted. */
  add(code: WaylineNote['code'], params: WaylineNote['params']): void {
    const key = `${code} ${JSON.stringify(params)}`;
    if (this.seen.has(key) || this.list.length >= MAX_NOTES) return;
    this.seen.add(key);
    this.list.push({ code, params });
  }

  /** `value` when the file gave one; otherwise `fallback`, noted as read with a default. */
  orDefault<T extends string | number>(
    value: T | undefined,
    fallback: T,
    file: string,
    element: string,
  ): T {
    if (value !== undefined) return value;
    this.add('defaulted', { file, element, value: fallback });
    return fallback;
  }
}
