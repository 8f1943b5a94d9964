/**
 * Builds a parameterised `where` clause from optional filters: each `add` takes SQL with `?` standing
 * for its one value and is skipped when the value is undefined.
 */
export class Where {
  readonly params: unknown[] = [];
  private readonly parts: string[] = [];

  constructor(initial: readonly unknown[] = []) {
    this.params.push(...initial);
  }

  /** Adds `sql` (with one `?`) when `value` is defined. */
  add(sql: string, value: unknown): this {
    if (value === undefined) return this;
    this.params.push(value);
    this.parts.push(sql.replace('?', `$${this.params.length}`));
    return this;
  }

  /** Adds `sql` that uses `$n` placeholders already in `params`. */
  raw(sql: string): this {
    this.parts.push(sql);
    return this;
  }

  /** The next free placeholder, for a value pushed by the caller (limit, offset). */
  next(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  toString(): string {
    return this.parts.length > 0 ? `where ${this.parts.join(' and ')}` : '';
  }
}

/** `%text%` for an `ilike`, with the pattern characters of the user's text escaped. */
export function like(text: string | undefined): string | undefined {
  return text === undefined ? undefined : `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
}
