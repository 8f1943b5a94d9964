/** A rejected call: the HTTP status (0 when no response came), the body's `code` and its message. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
