/** The query string of a call; empty values (`undefined`, `null`, `''`) are left out. */
export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Bearer to send instead of the access token (the refresh call sends the refresh token). */
  bearer?: string;
  /** Reject without a toast: the caller shows the outcome itself (the lock screen's wrong password). */
  quiet?: boolean;
}

export interface UploadOptions {
  query?: Query;
  /** Fraction of the body sent so far, 0…1. */
  onProgress?: (fraction: number) => void;
  /** Reject without a toast: the caller shows the outcome itself. */
  quiet?: boolean;
}

export interface RawOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** The request outlives the page (a tab closing); no token renewal is tried then. */
  keepalive?: boolean;
}
