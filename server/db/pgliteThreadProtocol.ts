/**
 * Messages between the server and the thread that runs PGlite (see pgliteThreadDb.ts). One request,
 * one answer, matched by `id`; statements inside a transaction name it by `tx`.
 */
export type ThreadRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[] | undefined; tx: number | null }
  | { id: number; op: 'exec'; sql: string; tx: number | null }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** A database error as plain fields: structured cloning keeps an Error's message, not its `code`. */
export interface ThreadError {
  message: string;
  fields: Record<string, string | number>;
}

export type ThreadAnswer =
  | { id: number; ok: true; rows?: object[]; tx?: number }
  | { id: number; ok: false; error: ThreadError };

/** What the thread is started with. */
export interface ThreadData {
  dataDir: string | undefined;
}
